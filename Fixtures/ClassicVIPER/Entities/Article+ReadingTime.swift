extension Article {
    // Planted: formatting logic on an entity.
    var readingTime: String { // expect: entity-pure-data
        if body.count > 2_000 {
            return "long read"
        }
        return "short read"
    }

    var wordCount: Int { body.split(separator: " ").count }
}
