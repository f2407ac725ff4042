import Foundation

struct Product: Codable, Hashable {
    let id: Int
    let name: String
    let price: Decimal

    // A derived value over its own fields: teams keep those on a model.
    func discounted(by percent: Decimal) -> Decimal {
        price * (1 - percent / 100)
    }

    // Planted: a validation rule on the entity.
    func validatePrice() -> Bool { // expect: entity-pure-data
        price > 0 && price < 100_000
    }
}
