import Foundation

/// An extra layer some apps keep: formatting shared by presenters.
final class PriceFormatter {
    private let formatter = NumberFormatter()

    func string(from price: Decimal) -> String {
        formatter.string(from: price as NSDecimalNumber) ?? ""
    }
}
