import SwiftUI

struct CatalogView: View {
    @State var presenter: CatalogPresenter

    var body: some View {
        List(presenter.rows) { row in
            Button(row.title) { presenter.didSelect(row) }
        }
        .task { await presenter.onAppear() }
    }
}
