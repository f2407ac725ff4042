import SwiftUI

struct RewardsView: View {
    @ObservedObject var presenter: RewardsPresenter

    var body: some View {
        VStack {
            Text(presenter.isLoading ? "Loading" : "\(presenter.points) points")
            TextField("Promo code", text: $presenter.promoCode)
        }
        .onAppear { presenter.didAppear() }
    }
}
