import Foundation
import UIKit // viperlint:disable:this forbidden-import -- highlighting moves to the view in the next release
// viperlint:disable:next forbidden-import -- stale: the SwiftUI import below was removed // expect: unused-suppression

protocol SearchInteractorInput: AnyObject {
    func search(_ query: String)
}

final class SearchInteractor: SearchInteractorInput {
    func search(_ query: String) {}
}

// Planted: an interactor that does not say its module or layer in its name.
final class FindArticles { // expect: naming
    func run() {}
}
