import Foundation
import Testing
@testable import ViperLintCore

/// Issue 44: the README is a way in (short), the manual lives in docs/, and no link of either
/// points at a file or a heading that is not there.
@Suite struct DocumentationTests {
    static let root = Paths.packageRoot

    /// README.md and every Markdown page under docs/, as paths relative to the package root.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theReadmeIsShorterThanThreeHundredLines() throws {
        let lines = try Self.read("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        let count = lines.last?.isEmpty == true ? lines.count - 1 : lines.count
        #expect(count < 300, "README.md has \(count) lines; move the detail to a page under docs/")
    }

    @Test func theReadmeLinksEveryDocsPage() throws {
        let readme = try Self.read("README.md")
        for page in try Self.pages().dropFirst() {
            #expect(readme.contains("](\(page)"), "README.md does not link \(page)")
        }
    }

    @Test func everyRelativeLinkPointsAtAFileAndHeadingThatExist() throws {
        var problems: [String] = []
        var checked = 0
        for page in try Self.pages() {
            let folder = (page as NSString).deletingLastPathComponent
            for target in Self.links(in: try Self.read(page)) {
                if target.range(of: "^[a-zA-Z][a-zA-Z0-9+.-]*:", options: .regularExpression) != nil { continue }  // https:, mailto:
                checked += 1
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = String(parts[0])
                let anchor = parts.count > 1 ? String(parts[1]) : nil
                let resolved = file.isEmpty ? page : Self.normalize(folder.isEmpty ? file : folder + "/" + file)
                guard FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(resolved).path) else {
                    problems.append("\(page): \(target): no file \(resolved)")
                    continue
                }
                if let anchor, resolved.hasSuffix(".md") {
                    let anchors = Self.anchors(in: try Self.read(resolved))
                    if !anchors.contains(anchor) { problems.append("\(page): \(target): no heading '#\(anchor)' in \(resolved)") }
                }
            }
        }
        #expect(checked > 20)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The checker itself: a broken file and a broken anchor are found, code is not read as links.
    @Test func theLinkCheckerSeesLinksAndHeadings() {
        let text = "# Title: `one` two\n\nSee [a](docs/a.md#x), [b](#title-one-two).\n\n```\n[c](nowhere.md)\n## Not a heading\n```\n`[d](code.md)`\n## Title: one two\n"
        #expect(Self.links(in: text) == ["docs/a.md#x", "#title-one-two"])
        #expect(Self.anchors(in: text) == ["title-one-two", "title-one-two-1"])
        #expect(Self.normalize("docs/../README.md") == "README.md")
    }

    // MARK: Markdown, as far as these pages use it

    /// The lines outside fenced code blocks.
    static func prose(_ text: String) -> [Substring] {
        var fence: Substring?
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            let run = trimmed.prefix { $0 == "`" || $0 == "~" }
            if let open = fence {
                if run.count >= open.count, run.first == open.first, trimmed.dropFirst(run.count).allSatisfy(\.isWhitespace) { fence = nil }
                continue
            }
            if run.count >= 3, Set(run).count == 1 { fence = run; continue }
            lines.append(line)
        }
        return lines
    }

    /// Inline link targets outside code blocks and code spans.
    static func links(in text: String) -> [String] {
        var targets: [String] = []
        for line in prose(text) {
            let plain = String(line).replacingOccurrences(of: "``[^`]*``|`[^`]*`", with: "", options: .regularExpression)
            let regex = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#)
            for match in regex.matches(in: plain, range: NSRange(plain.startIndex..., in: plain)) {
                targets.append(String(plain[Range(match.range(at: 1), in: plain)!]))
            }
        }
        return targets
    }

    /// GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered.
    static func anchors(in text: String) -> [String] {
        var seen: [String: Int] = [:]
        var anchors: [String] = []
        for line in prose(text) where line.hasPrefix("#") {
            let hashes = line.prefix { $0 == "#" }
            guard hashes.count <= 6, line.dropFirst(hashes.count).first == " " else { continue }
            let title = line.dropFirst(hashes.count).trimmingCharacters(in: .whitespaces).lowercased()
            let slug = String(String.UnicodeScalarView(title.unicodeScalars.compactMap { scalar in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return scalar }
                return nil
            }))
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.append(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// `docs/../README.md` -> `README.md`.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty { parts.removeLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }
}
