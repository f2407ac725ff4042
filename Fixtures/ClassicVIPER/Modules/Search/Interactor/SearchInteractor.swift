import Foundation
import UIKit // viperlint:disable:this forbidden-import -- highlighting moves to the view in the next release
// viperlint:disable:next forbidden-import -- stale: the SwiftUI import below was removed // expect: unused-suppression

protocol SearchInteractorInput: AnyObject {
    func search(_ query: String)
}

final class SearchInteractor: SearchInteractorInput {
    func search(_ query: String) {
        // Planted: the interactor creates the shared network service instead of being handed it.
        ArticleService().fetchArticles { _ in } // expect: service-injection
    }
}

// A helper of the interactor's folder whose name says no layer: names are the team's style.
final class FindArticles {
    func run() {}
}
