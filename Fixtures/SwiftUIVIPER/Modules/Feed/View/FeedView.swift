import SwiftUI

struct FeedView: View {
    @StateObject var viewState: FeedViewState

    var body: some View {
        List {
            TextField("Search", text: $viewState.searchText)
            if viewState.rows.isEmpty {
                Text("No posts yet")
            }
            ForEach(viewState.rows) { row in
                Button(row.title) { viewState.didTap(row) }
            }
        }
        .onAppear { viewState.onAppear() }
    }
}

#Preview {
    FeedView(viewState: FeedViewState())
}
