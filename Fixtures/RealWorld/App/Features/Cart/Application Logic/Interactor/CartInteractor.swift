import Foundation

protocol CartInteractorInput: AnyObject {
    func loadTotal()
}

protocol CartInteractorOutput: AnyObject {
    func didLoad(total: Decimal)
}

final class CartInteractor: CartInteractorInput {
    weak var output: CartInteractorOutput?
    // Planted: the data manager's concrete class (a test cannot replace it); the worker is
    // owned by design, as in Clean Swift.
    private let dataManager: CartDataManager // expect: concrete-dependency
    private let worker: PriceWorker

    init(dataManager: CartDataManager, worker: PriceWorker) {
        self.dataManager = dataManager
        self.worker = worker
    }

    func loadTotal() {
        let products = dataManager.productIDs().map { Product(id: $0, name: "", price: 1) }
        output?.didLoad(total: worker.total(of: products))
    }
}
