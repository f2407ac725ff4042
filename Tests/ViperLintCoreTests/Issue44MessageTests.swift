import Foundation
import Testing
@testable import ViperLintCore

/// Issue 44: messages that say the right amount, in the words a SwiftLint user brings.
@Suite(.serialized) struct Issue44MessageTests {
    /// "1 points", "a enum", "Package.swift ()": one helper picks the noun's form, another the article.
    @Test func countsArticlesAndEmptyListsReadRight() throws {
        #expect(counted(1, "point") == "1 point" && counted(2, "point") == "2 points")
        #expect(withArticle("enum") == "an enum" && withArticle("actor") == "an actor" && withArticle("extension") == "an extension")
        #expect(withArticle("class") == "a class" && withArticle("struct") == "a struct")
        #expect(withArticle("'ISO8601DateFormatter'") == "an 'ISO8601DateFormatter'" && withArticle("'DateFormatter'") == "a 'DateFormatter'")
        let reasons = PresetDetector.inspect(facts: [], targets: []).scores.flatMap(\.reasons)
        #expect(reasons.contains("0 layer targets in Package.swift"))
        #expect(!reasons.contains { $0.contains("()") }, "\(reasons)")
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write(["Home/HomeViewController.swift": "final class HomeViewController {}\n",
                       "Home/HomeModels.swift": "enum HomeModels {}\n"], into: folder)
        let initRun = try CLI.run(["init", "--output", "-"], in: folder)
        #expect(initRun.status == 0)
        #expect(initRun.stderr.contains("clean-swift: 2 points (0 DisplayLogic/BusinessLogic/PresentationLogic/RoutingLogic/DataStore protocols; 1 *Models enum;"), "\(initRun.stderr)")
        #expect(initRun.stderr.contains("viper: 1 point (0 *Router/*Wireframe types; 1 view controller)"), "\(initRun.stderr)")
        #expect(!initRun.stderr.contains("()"))
    }

    /// `viperlint version` is SwiftLint's spelling of `--version`; `autocorrect` is its `fix`.
    @Test func swiftLintCommandNamesAreUnderstood() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let version = try CLI.run(["version"], in: folder)
        #expect(version.status == 0 && version.stdout == ViperLint.version + "\n")
        #expect(try CLI.run(["--version"], in: folder).stdout == version.stdout)
        let autocorrect = try CLI.run(["autocorrect"], in: folder)
        #expect(autocorrect.status == 2 && autocorrect.stderr.contains("no such file or folder: autocorrect; did you mean the command 'viperlint fix'?"))
    }
}
