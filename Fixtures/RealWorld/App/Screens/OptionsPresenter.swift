// Two screens share this folder, so their files are told apart by name. `OptionsPresenter`
// and `OptionViewController` are one screen, `Options`, despite the plural.
protocol OptionsViewOutput: AnyObject {
    func didSelect(index: Int)
}

final class OptionsPresenter: OptionsViewOutput, OptionsInteractorOutput {
    // Planted: the presenter holds its view's class, not its view protocol.
    weak var view: OptionViewController? // expect: concrete-dependency
    var interactor: OptionsInteractorInput?

    func didSelect(index: Int) {
        interactor?.select(index: index)
    }

    func didSelect(title: String) {
        view?.show(title: title)
    }
}
