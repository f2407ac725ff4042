import SwiftUI

struct FeedRow: Identifiable, Equatable {
    let id: UUID
    let title: String
    let likes: String
}

final class FeedViewState: ObservableObject, FeedViewStateProtocol {
    @Published private(set) var rows: [FeedRow] = []
    @Published var searchText = ""
    var presenter: FeedPresenterProtocol?

    func show(rows: [FeedRow]) {
        self.rows = rows
    }

    func onAppear() {
        presenter?.onAppear()
    }

    func didTap(_ row: FeedRow) {
        presenter?.didTapPost(row.id)
    }
}
