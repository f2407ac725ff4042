import Foundation

struct Order: Equatable {
    let id: String
    let email: String
    let total: Decimal
    let date: Date
}
