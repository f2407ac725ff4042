import Foundation
import Testing
@testable import ViperLintCore

/// Whatever a repository holds, every file has a defined outcome: linted (with a parse-error
/// entry when it does not parse cleanly) or skipped with a reason naming it. Never a crash or
/// a hang. The command-line faults (closed pipes, unwritable places) are in `FaultTests`.
@Suite struct RobustnessTests {
    /// A project on disk holding `files`, linted in-process on two worker threads.
    static func lint(_ files: [String: Data], threads: Int = 2) throws -> LintResult {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(files, into: folder)
        return try Project.locate(paths: [folder.path], configuration: nil).lint(threads: threads)
    }

    static func write(_ files: [String: Data], into folder: URL) throws {
        for (path, data) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
    }

    static func text(_ string: String) -> Data { Data(string.utf8) }

    /// An interactor that imports UIKit on `line` (1-based) after the given prefix: a finding
    /// whose position proves the file was read to that point and counted right.
    static let interactorPath = "Modules/Home/HomeInteractor.swift"

    // MARK: Malformed Swift

    static let malformed: [(name: String, source: String)] = [
        ("unterminated string", "let s = \"never closed\nfinal class HomeInteractor {}\n"),
        ("unterminated multi-line string", "let s = \"\"\"\n  text\nfinal class HomeInteractor {}\n"),
        ("unterminated block comment", "final class HomeInteractor {}\n/* never closed\nlet x = 1\n"),
        ("nested unterminated comment", "/* outer /* inner */ still open\nfinal class HomeInteractor {}\n"),
        ("unbalanced open braces", "final class HomeInteractor {\n    func f() {\n        if true {\n"),
        ("unbalanced closing braces", "}}}\nfinal class HomeInteractor {}\n)))]]]\n"),
        ("unterminated interpolation", "let s = \"\\(1 + \"\nfinal class HomeInteractor {}\n"),
        ("stray tokens", "final class HomeInteractor { @@@ ### $$$ func ( -> }\n"),
        ("half-written generic", "final class HomeInteractor<T: where {}\n"),
        ("regex-like slashes", "let r = /(unclosed\nfinal class HomeInteractor {}\n"),
    ]

    @Test(arguments: malformed.map(\.name))
    func malformedSwiftIsLintedWithAParseErrorAndItsFacts(_ name: String) throws {
        let source = Self.malformed.first { $0.name == name }!.source
        let result = try Self.lint([Self.interactorPath: Self.text("import UIKit\n" + source)])
        #expect(result.skipped.isEmpty)
        #expect(result.index.files.map(\.path) == [Self.interactorPath])
        let error = try #require(result.parseErrors.first)
        #expect(error.file == Self.interactorPath && error.line >= 1 && error.column >= 1 && !error.message.isEmpty)
        // What did parse is still checked: the import on line 1 is found.
        #expect(result.violations.contains { $0.rule == "forbidden-import" && $0.line == 1 && $0.column == 1 })
    }

    @Test func randomBytesAreSkippedOrLintedNeverACrash() throws {
        var generator = SeededGenerator(seed: 7)
        var files: [String: Data] = [:]
        for index in 0..<40 {
            let count = Int.random(in: 1...4_000, using: &generator)
            let bytes: [UInt8]
            switch index % 4 {
            case 0: bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            case 1: bytes = (0..<count).map { _ in UInt8.random(in: 1...255, using: &generator) }
            case 2: bytes = (0..<count).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
            default:
                // Valid UTF-8 of random scalars, Swift punctuation weighted in.
                let pieces = ["{", "}", "(", ")", "\"", "/*", "*/", "#if", "@", "\n", "class ", "é", "🦅", "\\(", "`"]
                bytes = Array((0..<count / 4).map { _ in pieces.randomElement(using: &generator)! }.joined().utf8)
            }
            files["Modules/Home/Random\(index)Interactor.swift"] = Data(bytes)
        }
        let result = try Self.lint(files)
        // Every file is accounted for: linted or skipped with one of the documented reasons.
        #expect(result.index.files.count + result.skipped.count == files.count)
        let reasons = Set(result.skipped.map(\.reason))
        #expect(reasons.isSubset(of: ["binary file (contains NUL bytes)", "not UTF-8 text", "UTF-16 text (source must be UTF-8)"]))
        #expect(result.skipped.contains { $0.reason == "binary file (contains NUL bytes)" })
        #expect(result.skipped.contains { $0.reason == "not UTF-8 text" })
        #expect(result.index.files.count >= 20)
        #expect(!result.parseErrors.isEmpty)
    }

    // MARK: Encodings and file kinds

    @Test func encodingsHaveDefinedOutcomes() throws {
        var utf16 = Data([0xFF, 0xFE])
        utf16.append("import UIKit\n".data(using: .utf16LittleEndian)!)
        var utf16BigEndian = Data([0xFE, 0xFF])
        utf16BigEndian.append("import UIKit\n".data(using: .utf16BigEndian)!)
        let result = try Self.lint([
            "Modules/Home/HomeInteractor.swift": Self.text("\u{FEFF}import UIKit\nfinal class HomeInteractor {}\n"),
            "Modules/Home/HomeEntity.swift": Data(),
            "Modules/Home/Latin1.swift": Data([0x6C, 0x65, 0x74, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x20, 0x3D, 0x20, 0x31, 0x0A]),
            "Modules/Home/Utf16.swift": utf16,
            "Modules/Home/Utf16BE.swift": utf16BigEndian,
            "Modules/Home/Image.swift": Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]),
        ])
        #expect(result.index.files.map(\.path) == ["Modules/Home/HomeEntity.swift", "Modules/Home/HomeInteractor.swift"])
        #expect(result.skipped.map { "\($0.path): \($0.reason)" } == [
            "Modules/Home/Image.swift: binary file (contains NUL bytes)",
            "Modules/Home/Latin1.swift: not UTF-8 text",
            "Modules/Home/Utf16.swift: UTF-16 text (source must be UTF-8)",
            "Modules/Home/Utf16BE.swift: UTF-16 text (source must be UTF-8)",
        ])
        // The byte-order mark is not a column: `import` starts at line 1, column 1.
        let finding = try #require(result.violations.first { $0.rule == "forbidden-import" })
        #expect((finding.line, finding.column) == (1, 1))
        #expect(result.parseErrors.isEmpty)
    }

    /// Lines count CR LF, LF and a lone CR as one break each; columns are 1-based and count
    /// UTF-8 bytes, a tab being one column (what Xcode and swiftc print). SARIF alone counts
    /// code points, as its specification asks.
    @Test func crlfAndTabsKeepLinesAndColumnsRight() throws {
        let source = "import Foundation\r\n\r\nfinal class HomeInteractor {\r\n\tvar presenter: HomePresenter?\r\n}\r\n"
        let presenter = TestProject.presenterHoldingItsInteractor
        let gate = Self.text(TestProject.gate())
        let crlf = try Self.lint([Self.interactorPath: Self.text(source), "Modules/Home/HomePresenter.swift": Self.text(presenter),
                                  ".viperlint.json": gate])
        let lf = try Self.lint([Self.interactorPath: Self.text(source.replacingOccurrences(of: "\r\n", with: "\n")),
                                "Modules/Home/HomePresenter.swift": Self.text(presenter), ".viperlint.json": gate])
        let positions = crlf.violations.map { "\($0.rule)@\($0.line):\($0.column)" }
        #expect(positions.contains("weak-back-reference@4:6"))
        #expect(positions == lf.violations.map { "\($0.rule)@\($0.line):\($0.column)" })
        #expect(crlf.parseErrors.isEmpty)
        // The source line quoted by reports has no carriage return.
        #expect(crlf.lineTexts[Self.interactorPath]?[4] == "\tvar presenter: HomePresenter?")

        // Suppressions count lines the same way, in CR LF and in old CR-only files.
        for lineBreak in ["\r\n", "\r"] {
            let suppressed = ["// viperlint:disable:next forbidden-import", "import UIKit", "import SwiftUI", ""].joined(separator: lineBreak)
            let result = try Self.lint([Self.interactorPath: Self.text(suppressed)])
            #expect(result.violations.map { "\($0.rule)@\($0.line)" } == ["forbidden-import@3"])
        }

        let wide = "final class HomeInteractor {\n\t\t/* é */ var presenter: HomePresenter?\n}\n"
        let unicode = try Self.lint([Self.interactorPath: Self.text(wide), "Modules/Home/HomePresenter.swift": Self.text(presenter),
                                     ".viperlint.json": gate])
        let finding = try #require(unicode.violations.first { $0.rule == "weak-back-reference" })
        #expect((finding.line, finding.column) == (2, 16))
        #expect(SARIFReporter.codePointColumn(finding, in: unicode) == 15)
    }

    // MARK: Size and depth

    @Test func hugeFilesAreLintedWithRightPositions() throws {
        // 10 MB: an embedded resource (a generated multi-line string), then the code.
        let row = "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0NTY3ODkrLw==\n"
        let rows = 10 * 1_048_576 / row.utf8.count
        let tenMB = "let resource = \"\"\"\n" + String(repeating: row, count: rows) + "\"\"\"\nimport UIKit\n"
        // 100,000 lines of declarations.
        var lines = (0..<100_000).map { "let value\($0) = \($0)" }
        lines.append("import UIKit")
        let hundredK = lines.joined(separator: "\n") + "\n"
        // One line of 1 MB.
        let element = "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\", "
        let longLine = "let values = [" + String(repeating: element, count: 1_048_576 / element.utf8.count) + "]; import UIKit\n"

        let result = try Self.lint([
            "Modules/Big/BigInteractor.swift": Self.text(tenMB),
            "Modules/Long/LongInteractor.swift": Self.text(hundredK),
            "Modules/Wide/WideInteractor.swift": Self.text(longLine),
        ])
        #expect(tenMB.utf8.count >= 10 * 1_000_000)
        #expect(result.skipped.isEmpty)
        let imports = result.violations.filter { $0.rule == "forbidden-import" }.map { "\($0.file):\($0.line):\($0.column)" }
        let wideColumn = longLine.utf8.count - "import UIKit\n".utf8.count + 1
        #expect(imports == [
            "Modules/Big/BigInteractor.swift:\(rows + 3):1",
            "Modules/Long/LongInteractor.swift:100001:1",
            "Modules/Wide/WideInteractor.swift:1:\(wideColumn)",
        ])
    }

    static let deepShapes: [(name: String, open: String, close: String, prefix: String, suffix: String)] = [
        ("parentheses", "(", ")", "let x = ", "1"),
        ("closures", "{ ", "}", "let x = ", ""),
        ("ifs", "if a { ", "}", "func f() {\n", ""),
        ("arrays", "[", "]", "let x = ", "1"),
        ("array types", "[", "]", "var x: ", "Int"),
        ("generic types", "Array<", ">", "var x: ", "Int"),
        ("interpolations", "\"\\(", ")\"", "let x = ", "1"),
    ]

    /// SwiftParser's own nesting limit does not cover every construct: 10,000 levels of these
    /// overflowed a 64 MB stack or ran for minutes, and 24 `[` in a row took 7 s. Such files
    /// are skipped before parsing, naming the line.
    @Test(arguments: deepShapes.map(\.name))
    func tenThousandLevelsDeepIsSkippedBeforeParsing(_ name: String) throws {
        let shape = Self.deepShapes.first { $0.name == name }!
        let depth = 10_000
        var source = "import UIKit\n" + shape.prefix + String(repeating: shape.open, count: depth) + shape.suffix
        source += String(repeating: shape.close, count: depth) + (shape.name == "ifs" ? "\n}" : "") + "\n"
        source += "final class HomeInteractor {}\n"
        let result = try Self.lint([Self.interactorPath: Self.text(source), "Modules/Home/HomeRouter.swift": Self.text("import UIKit\n")], threads: 2)
        #expect(result.index.files.map(\.path) == ["Modules/Home/HomeRouter.swift"])
        let skip = try #require(result.skipped.first)
        #expect(skip.path == Self.interactorPath)
        let line = shape.name == "ifs" ? 3 : 2
        #expect(skip.reason.hasPrefix("not analyzed: ") && skip.reason.contains("(line \(line))"), "\(skip.reason)")
    }

    /// Below the guard's limits, deep code is parsed (with a parse error where SwiftParser's own
    /// limit of 256 levels cuts it) and what parsed is checked.
    @Test func deepButAllowedNestingIsParsedOnWorkerThreads() throws {
        let deep = "import UIKit\nlet x = " + String(repeating: "(", count: 480) + "1" + String(repeating: ")", count: 480) + "\n"
        let arrays = "let y = " + String(repeating: "[", count: NestingGuard.maximumSquareRun) + "1"
            + String(repeating: "]", count: NestingGuard.maximumSquareRun) + "\n"
        let result = try Self.lint([Self.interactorPath: Self.text(deep + arrays)], threads: 2)
        #expect(result.skipped.isEmpty)
        #expect(result.parseErrors.map(\.line) == [2])
        #expect(result.violations.contains { $0.rule == "forbidden-import" && $0.line == 1 })
    }

    @Test func theNestingGuardReadsStringsAndCommentsAsText() {
        let square = String(repeating: "[", count: 40)
        let paren = String(repeating: "(", count: 600)
        #expect(NestingGuard.problem(in: "// \(square)\n/* \(paren) /* nested */ \(square) */\nlet s = \"\(paren)\"\n") == nil)
        #expect(NestingGuard.problem(in: "let s = \"\"\"\n\(paren)\n\"\"\"\nlet r = #\"\(square)\"#\n") == nil)
        #expect(NestingGuard.problem(in: "let t = \"a \\(f(x)) b\" + \"\(square)\"\n") == nil)
        #expect(NestingGuard.problem(in: "if a < b && c<d { }\n" + String(repeating: "x<y\n", count: 600)) == nil)
        // Code in an interpolation counts.
        let hidden = "let s = \"\\(" + square + "1" + String(repeating: "]", count: 40) + ")\"\n"
        #expect(NestingGuard.problem(in: hidden)?.contains("'[' nested in one another (line 1)") == true)
        // Whatever stands between the brackets (the fuzzer put control characters there).
        let spaced = "var y: " + Array(repeating: "[\u{13} ", count: 17).joined() + "Int" + String(repeating: "]", count: 17)
        #expect(NestingGuard.problem(in: spaced) != nil)
        let elements = "let z = " + Array(repeating: "[1, ", count: 17).joined() + "1" + String(repeating: "]", count: 17)
        #expect(NestingGuard.problem(in: elements) != nil)
        // Siblings are not nesting.
        #expect(NestingGuard.problem(in: "let w = [" + Array(repeating: "[1]", count: 100).joined(separator: ", ") + "]") == nil)
        #expect(NestingGuard.problem(in: "\n\nlet x = " + paren)?.contains("(line 3)") == true)
    }

    // MARK: The file system

    @Test func pathsWithSpacesUnicodeAndNewlinesAreLintedAndPrintedOnOneLine() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["Modules/Home Screen/HomeScreenInteractor.swift", "Modules/Équipe/ÉquipeInteractor.swift",
                     "Modules/Odd\nName/OddInteractor.swift", "Modules/Tab\tName/TabInteractor.swift"]
        try Self.write(Dictionary(uniqueKeysWithValues: paths.map { ($0, Self.text("import UIKit\n")) }), into: folder)
        let result = try Project.locate(paths: [folder.path], configuration: nil).lint(threads: 2)
        #expect(Set(result.violations.map(\.file)) == Set(paths))

        // --strict: the forbidden-import warnings fail the run, so the exit code still says "found".
        let output = try CLI.run(["lint", folder.path, "--absolute-paths", "--strict"])
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().filter { !$0.hasPrefix("  note: ") }
        #expect(lines.count == paths.count + 2)
        #expect(lines.dropLast(2).allSatisfy { $0.hasPrefix(folder.path) && $0.hasSuffix("[forbidden-import]") })
        #expect(output.stdout.contains("Modules/Odd\\nName/OddInteractor.swift:1:1: warning:"))
        #expect(output.stdout.contains("Modules/Tab\\tName/TabInteractor.swift:1:1: warning:"))
        // The machine formats keep the real name.
        let json = try CLI.run(["lint", folder.path, "--report", "json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let files = ((parsed?["violations"] as? [[String: Any]]) ?? []).compactMap { $0["file"] as? String }
        #expect(Set(files) == Set(paths))
    }

    @Test func specialFilesAndBrokenLinksAreSkippedWithoutHanging() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(["Modules/Home/HomeInteractor.swift": Self.text("import UIKit\n")], into: folder)
        // A FIFO would block a reader forever: it must never be opened.
        #expect(mkfifo(folder.appendingPathComponent("Modules/Home/Pipe.swift").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Modules/Home/Dangling.swift").path,
                                                   withDestinationPath: "Nowhere.swift")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Modules/Home/Self.swift").path,
                                                   withDestinationPath: "Self.swift")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Modules/Loop").path, withDestinationPath: "../Modules")
        let result = try Project.locate(paths: [folder.path], configuration: nil).lint(threads: 2)
        #expect(result.index.files.map(\.path) == ["Modules/Home/HomeInteractor.swift"])
        #expect(result.skipped.map { "\($0.path): \($0.reason)" } == [
            "Modules/Home/Dangling.swift: broken symbolic link",
            "Modules/Home/Pipe.swift: not a regular file (a device, FIFO or socket)",
            "Modules/Home/Self.swift: broken symbolic link",
        ])
    }

    @Test func fileNamesThatAreNotUTF8AreSkippedWithThatReason() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(["Modules/Home/HomeInteractor.swift": Self.text("import UIKit\n")], into: folder)
        // Byte 0xFF never occurs in UTF-8. File systems that insist on UTF-8 names (APFS)
        // refuse to create it, and then there is nothing to check.
        let bad = Array(folder.appendingPathComponent("Modules/Home").path.utf8) + Array("/Bad".utf8) + [0xFF] + Array(".swift".utf8) + [0]
        let descriptor = bad.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        guard descriptor >= 0 else { return }
        close(descriptor)
        let result = try Project.locate(paths: [folder.path], configuration: nil).lint(threads: 2)
        #expect(result.index.files.map(\.path) == ["Modules/Home/HomeInteractor.swift"])
        #expect(result.skipped.map(\.reason) == ["the file name is not valid UTF-8"])
    }

    @Test func aFileRemovedDuringTheRunIsSkippedWithThatReason() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(["Modules/Home/HomeInteractor.swift": Self.text("import UIKit\n"),
                        "Modules/Home/HomeRouter.swift": Self.text("import UIKit\nfinal class HomeRouter {}\n")], into: folder)
        let project = try Project.locate(paths: [folder.path], configuration: nil)
        let files = project.discover()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Modules/Home/HomeInteractor.swift"))
        let result = Linter.lint(sources: files.sources, manifests: files.manifests, ruleSet: project.ruleSet, root: folder.path)
        #expect(result.skipped.map { "\($0.path): \($0.reason)" } == ["Modules/Home/HomeInteractor.swift: file was removed during the run"])
        #expect(result.index.files.map(\.path) == ["Modules/Home/HomeRouter.swift"])
    }

    @Test(.enabled(if: Unprivileged.available, "needs setpriv to drop root's file access"))
    func unreadableFilesAndFoldersAreSkippedAndNamed() throws {
        let folder = try CLI.temporaryFolder()
        defer {
            chmod(folder.appendingPathComponent("Modules/Locked").path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        try Self.write(["Modules/Home/HomeInteractor.swift": Self.text("import UIKit\n"),
                        "Modules/Home/HomeRouter.swift": Self.text("final class HomeRouter {}\n"),
                        "Modules/Locked/LockedInteractor.swift": Self.text("import UIKit\n")], into: folder)
        chmod(folder.appendingPathComponent("Modules/Home/HomeRouter.swift").path, 0)
        chmod(folder.appendingPathComponent("Modules/Locked").path, 0)
        let output = try Unprivileged.run(["lint", folder.path, "--no-cache", "--strict", "--verbose"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("warning: skipped Modules/Home/HomeRouter.swift: file cannot be read (Permission denied)"))
        #expect(output.stderr.contains("warning: skipped Modules/Locked: folder cannot be read"))
        #expect(output.stdout.contains("HomeInteractor.swift:1:1: warning:"))
        #expect(output.stdout.contains("0 errors, 1 warning in 1 file"))
    }

    // MARK: Exit codes

    @Test func exitCodesStayMeaningfulWithOddFiles() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(["Modules/Home/HomeRouter.swift": Self.text("final class HomeRouter { func f( {\n"),
                        "Modules/Home/Binary.swift": Data([0, 1, 2])], into: folder)
        // A parse error and a skipped file are warnings: not a failure, except a parse error under --strict.
        let relaxed = try CLI.run(["lint", folder.path])
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.contains("HomeRouter.swift:1:"))
        #expect(relaxed.stdout.contains("[parse-error]"))
        #expect(relaxed.stderr.contains("warning: skipped Modules/Home/Binary.swift: binary file (contains NUL bytes)"))
        let strict = try CLI.run(["lint", "--strict", folder.path])
        #expect(strict.status == 1)
        // Nothing to lint at all is exit 2 (issue 44: a mistyped folder must not pass), unless
        // allowed, and says so.
        let empty = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(try CLI.run(["lint", empty.path]).status == 2)
        let nothing = try CLI.run(["lint", empty.path, "--allow-no-files"])
        #expect(nothing.status == 0)
        #expect(nothing.stdout.contains("0 files"))
    }
}

/// A deterministic random source, so a failing case can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        // SplitMix64.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Runs the CLI without root's power to read and write anything: as root (CI here), with the
/// file-access capabilities dropped by `setpriv`; as anyone else, as is.
enum Unprivileged {
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let available = geteuid() != 0 || setpriv != nil

    static func run(_ arguments: [String]) throws -> CLI.Output {
        guard geteuid() == 0, let setpriv else { return try CLI.run(arguments) }
        return try CLI.run(["--bounding-set=-dac_override,-dac_read_search", "--", CLI.executable.path] + arguments,
                           executable: URL(fileURLWithPath: setpriv))
    }
}
