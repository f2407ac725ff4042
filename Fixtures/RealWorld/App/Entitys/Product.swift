import Foundation

struct Product: Codable, Hashable {
    let id: Int
    let name: String
    let price: Decimal

    // Planted: pricing rules on the entity.
    func discounted(by percent: Decimal) -> Decimal { // expect: entity-pure-data
        price * (1 - percent / 100)
    }
}
