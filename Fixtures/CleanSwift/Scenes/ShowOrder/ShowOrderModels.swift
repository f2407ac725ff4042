enum ShowOrderModels {
    enum GetOrder {
        struct Request {}

        struct Response {
            let order: Order
        }

        struct ViewModel {
            let title: String
        }
    }
}
