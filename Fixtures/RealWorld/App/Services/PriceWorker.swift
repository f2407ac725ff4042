import Foundation

final class PriceWorker {
    func total(of products: [Product]) -> Decimal {
        products.reduce(0) { $0 + $1.price }
    }
}
