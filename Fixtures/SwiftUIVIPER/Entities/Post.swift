import Foundation

struct Post: Identifiable, Hashable {
    let id: UUID
    let text: String
    let likes: Int
}
