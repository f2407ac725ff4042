import Foundation

protocol CartInteractorInput: AnyObject {
    func loadTotal()
}

protocol CartInteractorOutput: AnyObject {
    func didLoad(total: Decimal)
}

final class CartInteractor: CartInteractorInput {
    weak var output: CartInteractorOutput?
    private let dataManager: CartDataManager
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
