struct HomeViewModel: Equatable {
    let title: String
    let subtitle: String
}
