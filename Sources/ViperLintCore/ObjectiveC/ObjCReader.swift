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
/// a parse: FIFOs, devices and sockets (`#import "/dev/zero"`), files over the size limit,
/// a file named by a macro (`#include __FILE__`), and a file that `#include`s itself, directly
/// or through others (each level can include it twice: 2^N parses), followed through the
/// project's own headers. `#import` includes a file once, so it cannot loop.
enum IncludeGuard {
    /// Headers followed at most (a project has far fewer).
    static let maximumHeaders = 20_000

    /// `headers` gets the text of every header it read.
    static func problem(file: String, text: String, folders: [String], headers: inout [String]) -> String? {
        var queue: [(includer: String, text: String)] = [(file, text)]
        var seen = Set<String>()
        /// `#include` edges between the files read into files without an include guard, for the loop check.
        var includes: [String: [String]] = [:]
        let mainFile = (file as NSString).standardizingPath
        var guarded: Set<String> = isGuarded(text) ? [mainFile] : []
        while let (includer, source) = queue.popLast() {
            let directives = Self.directives(in: source)
            if let computed = directives.first(where: \.isComputed) {
                return "it includes a file named by a macro ('\(computed.name)')"
            }
            for directive in directives {
                let base = (includer as NSString).deletingLastPathComponent
                let candidates = directive.name.hasPrefix("/") ? [directive.name] : ([base] + folders).map { $0 + "/" + directive.name }
                for candidate in candidates {
                    // `#include` edges, for the loop check (an `#import` includes a file once: no loop).
                    if !directive.once {
                        let resolved = (candidate as NSString).standardizingPath
                        if resolved == mainFile || FileManager.default.fileExists(atPath: resolved) { includes[includer, default: []].append(resolved) }
                    }
                    guard seen.insert(candidate).inserted else { continue }
                    var status = stat()
                    guard stat(candidate, &status) == 0 else { continue }
                    if status.st_mode & S_IFMT != S_IFREG {
                        return "it imports '\(directive.name)', which is not a regular file (a device, FIFO or socket)"
                    }
                    if Int(status.st_size) > SourceLimits.maximumFileSize {
                        return "it imports '\(directive.name)', which is larger than \(SourceLimits.maximumFileSize / 1_048_576) MB"
                    }
                    guard seen.count < maximumHeaders, let data = FileManager.default.contents(atPath: candidate) else { continue }
                    let header = String(decoding: data, as: UTF8.self)
                    let resolved = (candidate as NSString).standardizingPath
                    headers.append(header)
                    if isGuarded(header) { guarded.insert(resolved) }
                    queue.append((resolved, header))
                }
            }
        }
        let unguarded = includes.mapValues { $0.filter { !guarded.contains($0) } }
        if let looping = Self.loop(in: unguarded, from: mainFile) {
            return "it includes '\((looping as NSString).lastPathComponent)' inside itself (an #include loop without an include guard)"
        }
        return nil
    }

    /// Whether a file includes its text once at most: `#pragma once`, or a classic guard (its
    /// first directives `#ifndef NAME` and `#define NAME`).
    static func isGuarded(_ text: String) -> Bool {
        if text.contains("#pragma once") { return true }
        let directives = Array(text.split(separator: "\n").lazy.map { $0.drop { $0 == " " || $0 == "\t" } }.filter { $0.hasPrefix("#") }.prefix(2))
        let words = directives.map { Array($0.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" }).prefix(2).map(String.init)) }
        guard words.count == 2, words[0].count == 2, words[1].count == 2 else { return false }
        return words[0][0] == "ifndef" && words[1][0] == "define" && words[0][1] == words[1][1]
    }

    /// A file on an `#include` loop reachable from `start`, if there is one.
    static func loop(in edges: [String: [String]], from start: String) -> String? {
        var state: [String: Bool] = [:]  // false: on the current path; true: done
        var stack: [(file: String, next: Int)] = [(start, 0)]
        state[start] = false
        while let (file, next) = stack.last {
            let targets = edges[file] ?? []
            guard next < targets.count else {
                state[file] = true
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let target = targets[next]
            switch state[target] {
            case false?: return target
            case true?: continue
            case nil:
                state[target] = false
                stack.append((target, 0))
            }
        }
        return nil
    }

    /// An `#import` or `#include` line: the file it names, whether it includes the file once
    /// (`#import`), and whether the name is a macro rather than `"…"` or `<…>`.
    struct Directive {
        var name: String
        var once: Bool
        var isComputed: Bool
    }

    /// The `#import "…"`, `#include "…"` and `<…>` lines (and computed ones), line by line.
    static func directives(in text: String) -> [Directive] {
        guard text.contains("#") || text.contains("%:") else { return [] }
        var result: [Directive] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("#") || trimmed.hasPrefix("%:") else { continue }
            let directive = trimmed.dropFirst(trimmed.hasPrefix("#") ? 1 : 2).drop { $0 == " " || $0 == "\t" }
            let keyword = directive.prefix { $0.isLetter || $0 == "_" }
            guard ["import", "include", "include_next"].contains(keyword) else { continue }
            let operand = directive.dropFirst(keyword.count).drop { $0 == " " || $0 == "\t" }
            guard let first = operand.first else { continue }
            guard first == "\"" || first == "<" else {
                let name = operand.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if !name.isEmpty { result.append(Directive(name: String(name), once: false, isComputed: true)) }
                continue
            }
            let closing: Character = first == "\"" ? "\"" : ">"
            let rest = operand.dropFirst()
            guard let close = rest.firstIndex(of: closing) else { continue }
            let name = String(rest[..<close])
            if !name.isEmpty { result.append(Directive(name: name, once: keyword == "import", isComputed: false)) }
        }
        return result
    }
}
