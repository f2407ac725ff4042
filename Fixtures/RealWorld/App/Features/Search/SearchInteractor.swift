import Foundation
import UIKit // expect: forbidden-import

protocol SearchInteractorInput: AnyObject {}

protocol SearchInteractorOutput: AnyObject {}

final class SearchInteractor: SearchInteractorInput {
    weak var output: SearchInteractorOutput?
}
