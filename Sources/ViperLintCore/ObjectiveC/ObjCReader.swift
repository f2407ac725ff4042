import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the Objective-C files of one run: knows the project's headers (searched for quoted
/// imports, and part of every `.m` file's cache key, since a header's declarations shape how
/// the file parses).
struct ObjCReader: Sendable {
    let extractor: ObjCFactExtractor
    /// The libclang version and a digest of every project header.
    let cacheSalt: String
    /// Where quoted imports are looked up, as clang does.
    let headerFolders: [String]
    /// Where in-memory files (tests, rule examples) live for clang, which wants paths.
    static let virtualRoot = "/viperlint-in-memory"

    init(clang: Libclang, files: [SourceFile]) {
        let headers = files.filter { $0.relativePath.hasSuffix(".h") }
        var folders = Set<String>()
        var digest: [UInt8] = Array(clang.version.utf8) + [0]
        for header in headers {
            folders.insert((Self.clangPath(of: header) as NSString).deletingLastPathComponent)
            digest += header.relativePath.utf8
            digest.append(0)
            if case let .success(text) = SourceReader.read(header) { digest += text.utf8 }
            digest.append(0)
        }
        let names = Set(headers.map { ($0.relativePath as NSString).lastPathComponent })
        headerFolders = folders.sorted()
        extractor = ObjCFactExtractor(parser: ObjCParser(clang: clang, headerFolders: headerFolders), projectHeaders: names)
        cacheSalt = SHA256.hex(SHA256.digest(digest))
    }

    static func clangPath(of source: SourceFile) -> String {
        source.absolutePath ?? virtualRoot + "/" + source.relativePath
    }

    func facts(_ source: SourceFile, text: String) -> Result<FileFacts, SkippedPath> {
        let clangPath = Self.clangPath(of: source)
        var headers: [String] = []
        if let problem = IncludeGuard.problem(file: clangPath, text: text, folders: headerFolders, headers: &headers)
            ?? MacroGuard.problem(in: text, headers: headers) {
            return .failure(SkippedPath(path: source.relativePath, reason: "not analyzed: \(problem)"))
        }
        switch extractor.facts(path: source.relativePath, clangPath: Self.clangPath(of: source), text: text) {
        case let .success(facts):
            return .success(facts)
        case let .failure(.clang(status)):
            return .failure(SkippedPath(path: source.relativePath, reason: "libclang could not parse the file (error \(status))"))
        }
    }
}

/// Refuses, before clang opens them, the files a source imports that would hang or exhaust
/// a parse: FIFOs, devices and sockets (`#import "/dev/zero"`), and files over the size
/// limit, followed through the project's own headers.
enum IncludeGuard {
    /// Headers followed at most (a project has far fewer).
    static let maximumHeaders = 20_000

    /// `headers` gets the text of every header it read.
    static func problem(file: String, text: String, folders: [String], headers: inout [String]) -> String? {
        var queue: [(includer: String, text: String)] = [(file, text)]
        var seen = Set<String>()
        while let (includer, source) = queue.popLast() {
            for name in includes(in: source) {
                let base = (includer as NSString).deletingLastPathComponent
                let candidates = name.hasPrefix("/") ? [name] : ([base] + folders).map { $0 + "/" + name }
                for candidate in candidates where seen.insert(candidate).inserted {
                    var status = stat()
                    guard stat(candidate, &status) == 0 else { continue }
                    if status.st_mode & S_IFMT != S_IFREG {
                        return "it imports '\(name)', which is not a regular file (a device, FIFO or socket)"
                    }
                    if Int(status.st_size) > SourceLimits.maximumFileSize {
                        return "it imports '\(name)', which is larger than \(SourceLimits.maximumFileSize / 1_048_576) MB"
                    }
                    guard seen.count < maximumHeaders, let data = FileManager.default.contents(atPath: candidate) else { continue }
                    let header = String(decoding: data, as: UTF8.self)
                    headers.append(header)
                    queue.append((candidate, header))
                }
            }
        }
        return nil
    }

    /// The names in `#import "…"`, `#include "…"` and their `<…>` forms, line by line.
    static func includes(in text: String) -> [String] {
        guard text.contains("#") else { return [] }
        var names: [String] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("#") else { continue }
            let directive = trimmed.dropFirst().drop { $0 == " " || $0 == "\t" }
            guard directive.hasPrefix("import") || directive.hasPrefix("include") else { continue }
            guard let open = directive.firstIndex(where: { $0 == "\"" || $0 == "<" }) else { continue }
            let closing: Character = directive[open] == "\"" ? "\"" : ">"
            let rest = directive[directive.index(after: open)...]
            guard let close = rest.firstIndex(of: closing) else { continue }
            let name = String(rest[..<close])
            if !name.isEmpty { names.append(name) }
        }
        return names
    }
}
