import Foundation

struct User: Identifiable, Hashable {
    let id: UUID
    let name: String
}
