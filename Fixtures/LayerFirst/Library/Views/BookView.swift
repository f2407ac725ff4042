import SwiftUI

struct BookView: View {
    @State var presenter: BookPresenter
    // Planted: the view talks to an interactor and knows the entity.
    let loans: LoansInteractor // expect: layer-dependency
    let book: Book // expect: layer-dependency

    var body: some View {
        VStack {
            Text(presenter.title)
            Image(systemName: presenter.isFavorite ? "heart.fill" : "heart")
            Button("Borrow") { loans.borrow(book) }
        }
    }
}
