import Foundation

extension Article {
    // Planted: display formatting on an entity.
    var readingTime: String { // expect: entity-pure-data
        String(format: "%d min read", body.count / 1_000)
    }

    // A derived value over its own fields: teams keep those on a model.
    var wordCount: Int { body.split(separator: " ").count }
}
