import Foundation

final class CartDataManager {
    private let defaults: UserDefaults

    init(defaults: UserDefaults) {
        self.defaults = defaults
    }

    func productIDs() -> [Int] {
        defaults.array(forKey: "cart") as? [Int] ?? []
    }
}
