protocol OptionsInteractorInput: AnyObject {
    func select(index: Int)
}

protocol OptionsInteractorOutput: AnyObject {
    func didSelect(title: String)
}

final class OptionsInteractor: OptionsInteractorInput {
    weak var output: OptionsInteractorOutput?
    private let titles = ["Daily", "Weekly"]

    func select(index: Int) {
        output?.didSelect(title: titles[index])
    }
}
