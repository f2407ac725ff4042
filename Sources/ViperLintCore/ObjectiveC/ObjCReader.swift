import Foundation

/// Reads the Objective-C files of one run: knows the project's headers (searched for quoted
/// imports, and part of every `.m` file's cache key, since a header's declarations shape how
/// the file parses).
struct ObjCReader: Sendable {
    let extractor: ObjCFactExtractor
    /// The libclang version and a digest of every project header.
    let cacheSalt: String
    /// Where in-memory files (tests, rule examples) live for clang, which wants paths.
    static let virtualRoot = "/viperlint-in-memory"

    init(clang: Libclang, files: [SourceFile]) {
        let headers = files.filter { $0.relativePath.hasSuffix(".h") }
        var folders = Set<String>()
        var digest = StableHash()
        digest.combine(clang.version)
        for header in headers {
            folders.insert((Self.clangPath(of: header) as NSString).deletingLastPathComponent)
            digest.combine(header.relativePath)
            if case let .success(text) = SourceReader.read(header) { digest.combine(bytes: text.utf8) }
        }
        let names = Set(headers.map { ($0.relativePath as NSString).lastPathComponent })
        extractor = ObjCFactExtractor(parser: ObjCParser(clang: clang, headerFolders: folders.sorted()), projectHeaders: names)
        cacheSalt = digest.hex
    }

    static func clangPath(of source: SourceFile) -> String {
        source.absolutePath ?? virtualRoot + "/" + source.relativePath
    }

    func facts(_ source: SourceFile, text: String) -> Result<FileFacts, SkippedPath> {
        switch extractor.facts(path: source.relativePath, clangPath: Self.clangPath(of: source), text: text) {
        case let .success(facts):
            return .success(facts)
        case let .failure(.clang(status)):
            return .failure(SkippedPath(path: source.relativePath, reason: "libclang could not parse the file (error \(status))"))
        }
    }
}
