import UIKit

// A legacy module: the configuration's override turns forbidden-import off under Legacy/.
final class CatalogInteractor {
    weak var output: CatalogPresenter? // expect: concrete-dependency

    func thumbnail(named name: String) -> UIImage? {
        UIImage(named: name)
    }
}
