import Foundation

protocol RewardsInteractorInput: AnyObject {
    func loadPoints()
}

final class RewardsInteractor: RewardsInteractorInput {
    weak var output: RewardsInteractorOutput?

    func loadPoints() {
        output?.didLoad(points: 120)
    }
}
