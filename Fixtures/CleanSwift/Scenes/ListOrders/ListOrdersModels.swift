import Foundation

enum ListOrdersModels {
    enum FetchOrders {
        struct Request {}

        struct Response {
            let orders: [Order]
        }

        struct ViewModel {
            struct DisplayedOrder: Equatable {
                let id: String
                let date: String
                let total: String
            }

            let displayedOrders: [DisplayedOrder]
        }
    }
}
