import Foundation
import Testing
@testable import ViperLintCore

/// Inputs built to crash, hang or fool viperlint; each was found by attacking it.
@Suite struct HostileInputTests {
    static func lint(_ files: [String: String]) throws -> LintResult {
        try TestProject.lint(files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// `try` and `await` in a row make SwiftParser recurse once each; 200,000 overflowed the stack.
    @Test(arguments: ["try ", "await ", "try? ", "try await "])
    func longRunsOfPrefixKeywordsAreSkippedBeforeParsing(_ keyword: String) throws {
        let source = "func f() async throws {\n    let x = " + String(repeating: keyword, count: 200_000) + "g()\n}\n"
        let result = try Self.lint(["Home/HomeInteractor.swift": source, "Home/HomePresenter.swift": "final class HomePresenter {}\n"])
        #expect(result.skipped.map(\.path) == ["Home/HomeInteractor.swift"])
        #expect(result.skipped.first?.reason.contains("prefix keywords such as 'try' and 'await' in a row (line 2)") == true)
        // A handful in a row is ordinary code.
        let ordinary = try Self.lint(["Home/HomeInteractor.swift": "func f() async throws { let x = try await g() }\n"])
        #expect(ordinary.skipped.isEmpty)
    }

    /// A chain of 200,000 `?.b` parses, but walking a tree that deep overflowed the stack.
    @Test func syntaxTreesTooDeepToWalkAreSkipped() throws {
        let source = "let y = a" + String(repeating: "?.b", count: 200_000) + "\n"
        let result = try Self.lint(["Home/HomeInteractor.swift": source])
        #expect(result.skipped.first?.reason == "not analyzed: its syntax tree is more than \(FactExtractor.maximumTreeDepth) levels deep")
        // A large file of ordinary depth is analyzed.
        let wide = String(repeating: "let a = b?.c?.d\n", count: 6_000)
        guard case .success = FactExtractor.extract(path: "Wide.swift", source: wide) else {
            Issue.record("a large shallow file was refused")
            return
        }
    }

    /// Brace groups multiply: thirty `{a,b}` are 2^30 patterns; eight `**` run for minutes.
    @Test func costlyGlobsAreConfigurationErrors() {
        let braces = String(repeating: "{a,b}", count: 30)
        #expect(Glob.alternativeCount(Array(braces)[...]) == Glob.maximumAlternatives + 1)
        #expect(Glob.alternativeCount(Array("{a,b}/{c,{d,e}}/x")[...]) == 6)
        #expect(Glob("{a,b}/{c,{d,e}}/x").matches("b/e/x"))
        #expect(!Glob(braces).matches("aaaaa"))
        let deep = String(repeating: "**/", count: 8) + "*.swift"
        for pattern in [braces, deep] {
            #expect(throws: ConfigurationError.self) {
                try ConfigurationLoader.decode(#"{ "version": 1, "exclude": ["\#(pattern)"] }"#, file: "c.json")
            }
        }
        do {
            _ = try ConfigurationLoader.decode(#"{ "version": 1, "exclude": ["\#(deep)"] }"#, file: "c.json")
        } catch {
            #expect("\(error.localizedDescription)".contains("exclude[0]: the pattern has 8 '**' segments; at most 4 are allowed"))
        }
    }

    /// Control characters, C1 controls and bidi overrides never reach a terminal raw.
    @Test func terminalTextEscapesC1AndBidiControls() {
        #expect(TerminalText.printable("a\u{9B}31mb") == "a\\u{9b}31mb")
        #expect(TerminalText.printable("x\u{202E}cod\u{2066}e") == "x\\u{202e}cod\\u{2066}e")
        #expect(TerminalText.printable("Modules/Hôme/Home.swift") == "Modules/Hôme/Home.swift")
    }

    /// Folder and file names reach the Markdown report as text, not HTML or broken code spans.
    @Test func markdownEscapesHTMLAndBackticksFromNames() throws {
        let module = "<img src=x onerror=alert(1)>"
        let files = ["\(module)/Home`s Interactor.swift": "import UIKit\nfinal class HomeInteractor {}\n",
                     "\(module)/HomePresenter.swift": "final class HomePresenter {}\n"]
        let result = try TestProject.lint(files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                                          configuration: #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#)
        #expect(!result.violations.isEmpty)
        let markdown = MarkdownReporter.report(result, context: ReportContext())
        #expect(markdown.contains("| &lt;img src=x onerror=alert(1)&gt; | 1 |"))
        // In a code span the name is literal text; the fence is longer than any backtick run in it.
        #expect(markdown.contains("``<img src=x onerror=alert(1)>/Home`s Interactor.swift:1:1``"))
        let outsideCode = markdown.split(separator: "\n").map { line in
            line.split(separator: "``", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
        }.joined(separator: "\n")
        #expect(!outsideCode.contains("<img"))
    }

    /// Objective-C files that import a FIFO or a device are not handed to clang.
    @Test func importsOfSpecialFilesAreRefusedBeforeClangOpensThem() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("Pipe.h").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("Plain.h").path, contents: Data("#import \"Pipe.h\"\n".utf8)))
        let main = folder.appendingPathComponent("Home.m").path
        var headers: [String] = []
        #expect(IncludeGuard.problem(file: main, text: "#import \"Pipe.h\"\n", folders: [], headers: &headers)?.contains("'Pipe.h', which is not a regular file") == true)
        #expect(IncludeGuard.problem(file: main, text: "#import \"Plain.h\"\n", folders: [], headers: &headers)?.contains("'Pipe.h'") == true)
        #expect(IncludeGuard.problem(file: main, text: "  #  include </dev/zero>\n", folders: [], headers: &headers)?.contains("'/dev/zero'") == true)
        #expect(IncludeGuard.problem(file: main, text: "#import <UIKit/UIKit.h>\n#import \"Missing.h\"\n", folders: [folder.path], headers: &headers) == nil)
    }

    /// Issue 28: a 555-byte `.m` of doubling `#define`s made libclang expand 2^N tokens (N=22:
    /// 17 s, doubling per level). Its expansion is counted, not made, and the file skipped.
    static func doublingDefines(_ levels: Int) -> String {
        "#define A0 x\n" + (1...levels).map { "#define A\($0) A\($0 - 1) A\($0 - 1)\n" }.joined()
            + "@implementation HomeInteractor\n- (void)start { A\(levels); }\n@end\n"
    }

    @Test func macroBombsAreCountedNotExpanded() throws {
        let bomb = Self.doublingDefines(22)
        #expect(bomb.utf8.count < 700)
        #expect(MacroGuard.problem(in: bomb, headers: []) == "its macros expand to more than 1 million tokens ('A20' alone expands to more than a million)")
        // The same definitions in an imported project header count as the file's own.
        let split = bomb.split(separator: "@", maxSplits: 1).map(String.init)
        #expect(MacroGuard.problem(in: "#import \"Bomb.h\"\n@" + split[1], headers: [split[0]]) != nil)
        // Invocations nesting a macro that names its parameter twice.
        let nested = "#define D(x) x x\nint y = " + String(repeating: "D(", count: 25) + "1" + String(repeating: ")", count: 25) + ";\n"
        #expect(MacroGuard.problem(in: nested, headers: []) != nil)
        // Expansions to nothing still cost a visit each.
        let empty = "#define F0(x)\n" + (1...30).map { "#define F\($0)(x) F\($0 - 1)(x) F\($0 - 1)(x)\n" }.joined() + "F30(1);\n"
        #expect(MacroGuard.problem(in: empty, headers: []) != nil)
        // Nesting past the depth limit, however small the expansion.
        let deep = "#define I(x) x\nint z = " + String(repeating: "I(", count: 300) + "1" + String(repeating: ")", count: 300) + ";\n"
        #expect(MacroGuard.problem(in: deep, headers: [])?.contains("more than 200 levels deep") == true)

        // Second round of attacks: pasting a macro's name, digraphs, variadic nesting.
        let chain = "#define A0 x\n" + (1...26).map { "#define A\($0) A\($0 - 1) A\($0 - 1)\n" }.joined()
        #expect(MacroGuard.problem(in: chain.replacingOccurrences(of: "#define", with: "%:define") + "int z = A26;\n", headers: []) != nil)
        #expect(MacroGuard.problem(in: chain + "#define CAT(a, b) a##b\nint z = CAT(A, 26);\n", headers: []) != nil)
        #expect(MacroGuard.problem(in: chain + "#define CAT3(a, b, c) a %:%: b##c\nint z = CAT3(A, 2, 6);\n", headers: []) != nil)
        let variadic = "#define V0(...) __VA_ARGS__ __VA_ARGS__\n" + (1...5).map { "#define V\($0)(...) V\($0 - 1)(V\($0 - 1)(__VA_ARGS__))\n" }.joined()
        #expect(MacroGuard.problem(in: variadic + "int z = V5(x);\n", headers: []) != nil)
        #expect(MacroGuard.problem(in: variadic.replacingOccurrences(of: "(...)", with: "(args...)").replacingOccurrences(of: "__VA_ARGS__", with: "args")
                                   + "int z = V5(x, y);\n", headers: []) != nil)

        // What real code does passes: a ten-level chain (1,024 tokens), self-reference, usual helpers.
        #expect(MacroGuard.problem(in: Self.doublingDefines(10), headers: []) == nil)
        let usual = """
            #define WEAKIFY(var) __weak typeof(var) weak_##var = var
            #define  LOG(fmt, ...) NSLog((@"%s " fmt), __PRETTY_FUNCTION__, ##__VA_ARGS__)
            #define foo foo + 1
            #define e(x) (x) * 2 /* "e" inside "define" is not the name */
            - (void)f { WEAKIFY(self); LOG(@"%d", e(foo)); e (3); }
            """
        #expect(MacroGuard.problem(in: usual, headers: []) == nil)
    }

    /// A file that includes itself, by `__FILE__` or by name through headers without a guard,
    /// is refused before clang opens it; headers that include each other behind guards are not.
    @Test func includeLoopsAreRefusedAndGuardedCyclesAreNot() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let main = folder.appendingPathComponent("Home.m").path
        var headers: [String] = []
        let selfInclude = "#if __INCLUDE_LEVEL__ < 24\n#include __FILE__\n#include __FILE__\n#endif\n"
        #expect(IncludeGuard.problem(file: main, text: selfInclude, folders: [], headers: &headers) == "it includes a file named by a macro ('__FILE__')")
        try "#include \"Home.m\"\n#include \"Home.m\"\n".write(toFile: main, atomically: true, encoding: .utf8)
        #expect(IncludeGuard.problem(file: main, text: "#include \"Home.m\"\n", folders: [], headers: &headers)?.contains("#include loop") == true)
        try CLI.write(["A.h": "#include \"B.h\"\n", "B.h": "%:include \"A.h\"\n",
                       "GA.h": "#ifndef GA_H\n#define GA_H\n#include \"GB.h\"\n#endif\n", "GB.h": "#pragma once\n#include \"GA.h\"\n"], into: folder)
        #expect(IncludeGuard.problem(file: main, text: "#include \"A.h\"\n", folders: [], headers: &headers)?.contains("'A.h' inside itself") == true)
        #expect(IncludeGuard.problem(file: main, text: "#include \"GA.h\"\n#import \"A.h\"\n", folders: [], headers: &headers) == nil)
        // Directives after other lines, and files with fewer than two (a crash on the corpus apps).
        #expect(IncludeGuard.isGuarded("// Header\n\n#ifndef X_H\n#define X_H\n#endif\n"))
        #expect(!IncludeGuard.isGuarded("// Header\n@interface A\n#import <UIKit/UIKit.h>\n@end\n"))
        #expect(!IncludeGuard.isGuarded("") && !IncludeGuard.isGuarded("int a;\n#ifndef\n"))
    }

    /// A source file that is not UTF-8 is skipped with its reason, and `--strict` fails on it:
    /// code left unchecked in the scope is never a pass.
    @Test func strictFailsOnAFileItCannotRead() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write(["Home/HomePresenter.swift": "final class HomePresenter {}\n"], into: folder)
        try Data("import UIKit // caf\u{E9}\n\nfinal class HomeInteractor {}\n".data(using: .isoLatin1)!)
            .write(to: folder.appendingPathComponent("Home/HomeInteractor.swift"))
        let relaxed = try CLI.run(["lint", folder.path, "--no-cache"])
        #expect(relaxed.status == 0 && relaxed.stderr.contains("skipped Home/HomeInteractor.swift: not UTF-8 text"))
        #expect(relaxed.stdout.contains("1 file skipped (1 not UTF-8 text)"))
        #expect(try CLI.run(["lint", folder.path, "--no-cache", "--strict"]).status == 1)
    }

    @Test(.enabled(if: Libclangs.any))
    func aMacroBombIsSkippedWithItsReasonAndTheRestLinted() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write(["Home/HomeRouter.m": Self.doublingDefines(26).replacingOccurrences(of: "HomeInteractor", with: "HomeRouter"),
                       "Home/HomeInteractor.swift": "import UIKit\n\nfinal class HomeInteractor {}\n",
                       "Home/HomePresenter.swift": "final class HomePresenter {}\n"], into: folder)
        let started = Date()
        let run = try CLI.run(["lint", folder.path, "--no-cache", "--strict"])
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(run.status == 1)
        #expect(run.stderr.contains("skipped Home/HomeRouter.m: not analyzed: its macros expand to more than 1 million tokens"))
        #expect(run.stdout.contains("Home/HomeInteractor.swift:1:1"))
    }

    /// A huge sparse file costs nothing to skip: its size is read, not its bytes.
    @Test func filesOverTheSizeLimitAndOverlongPathsAreSkippedWithAReason() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("Big.swift")
        #expect(FileManager.default.createFile(atPath: big.path, contents: Data()))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(SourceLimits.maximumFileSize + 1))
        try handle.close()
        guard case let .failure(failure) = SourceReader.readFile(big.path) else {
            Issue.record("an oversized file was read")
            return
        }
        #expect(failure.reason.hasPrefix("larger than 10 MB"))
        guard case .failure = SourceReader.readFile("/dev/zero") else {
            Issue.record("a device was read")
            return
        }

        // A path over the system limit is reported, not dropped.
        // Made one level at a time, relative to the last: the full path is too long to name.
        var descriptor = open(folder.path, O_RDONLY | O_DIRECTORY)
        for _ in 0..<22 {
            let name = String(repeating: "d", count: 200)
            #expect(mkdirat(descriptor, name, 0o755) == 0)
            let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
        }
        close(descriptor)
        let result = FileDiscovery(root: folder, include: [Glob("**")], exclude: []).discover()
        #expect(result.skipped.contains { $0.reason == "path longer than the system limit (4096 bytes)" })
        #expect(result.skipped.contains { $0.path == "Big.swift" } == false)  // discovered; its size is checked when read
    }
}
