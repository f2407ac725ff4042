import Foundation

struct Article: Codable, Equatable {
    let id: Int
    let title: String
    let body: String
    let publishedAt: Date
}
