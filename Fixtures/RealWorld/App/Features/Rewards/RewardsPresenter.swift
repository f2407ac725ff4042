import Combine

protocol RewardsInteractorOutput: AnyObject {
    func didLoad(points: Int)
}

// A SwiftUI screen whose Presenter is the observable state its view reads.
final class RewardsPresenter: ObservableObject, RewardsInteractorOutput {
    // Planted: display state the view could overwrite.
    @Published var points = 0 // expect: state-write-access
    @Published private(set) var isLoading = false
    // Bound two-way by the view's text field: needs its setter.
    @Published var promoCode = ""
    var interactor: RewardsInteractorInput?

    func didAppear() {
        isLoading = true
        interactor?.loadPoints()
    }

    func didLoad(points: Int) {
        self.points = points
        isLoading = false
    }
}
