import Foundation
import Testing
@testable import ViperLintCore

@Suite struct DiscoveryTests {
    @Test func awkwardFilesAreSkippedWithAReasonOrLinted() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write([
            "App/Ok.swift": "struct Ok {}\n",
            "App/Empty.swift": "",
            "App/Broken.swift": "class X { func f( {\n",
            "App/Bom.swift": "\u{FEFF}struct Bom {}\n",
            "App/With Space/Näme.swift": "struct Name {}\n",
            "App/Pods/Lib/Lib.swift": "struct Lib {}\n",
            "App/.hidden/Hidden.swift": "struct Hidden {}\n",
            "AppTests/HomeTests.swift": "struct HomeTests {}\n",
            "App/___FILEBASENAME___Presenter.swift": "struct T {}\n",
            "App/Template.swift": "final class ___VARIABLE_moduleName___Presenter {}\n",
        ], into: folder)
        try Data([0, 1, 2, 3]).write(to: folder.appendingPathComponent("App/Binary.swift"))
        try Data([0x6C, 0x65, 0x74, 0x20, 0xE9]).write(to: folder.appendingPathComponent("App/Latin1.swift"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("App/Loop").path, withDestinationPath: "..")
        let outside = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        try CLI.write(["Outside.swift": "struct Outside {}\n"], into: outside)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("App/Outside.swift").path,
                                                   withDestinationPath: outside.appendingPathComponent("Outside.swift").path)

        let project = try Project.locate(paths: [folder.path], configuration: nil)
        let result = project.lint()
        #expect(result.index.files.map(\.path) == ["App/Bom.swift", "App/Broken.swift", "App/Empty.swift", "App/Ok.swift", "App/With Space/Näme.swift"])
        #expect(result.skipped.map(\.path) == ["App/Binary.swift", "App/Latin1.swift", "App/Outside.swift", "App/Template.swift", "App/___FILEBASENAME___Presenter.swift"])
        #expect(result.skipped.map(\.reason) == [
            "binary file (contains NUL bytes)", "not UTF-8 text", "symbolic link to a file outside the project",
            "Xcode template placeholder file", "Xcode template placeholder file",
        ])
        #expect(result.parseErrors.map(\.file) == ["App/Broken.swift"])
        #expect(result.index.symbols.contains { $0.name == "Bom" && $0.file == 0 })
    }

    /// Issue 17: resource folders are pruned by name, whatever they hold.
    @Test func resourceFoldersArePrunedByName() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write([
            "App/Home.swift": "struct Home {}\n",
            "App/Assets.xcassets/Icon.imageset/Contents.swift": "struct A {}\n",
            "App/en.lproj/Strings.swift": "struct B {}\n",
            "App/Resources.bundle/Script.swift": "struct C {}\n",
            "App/Model.xcdatamodeld/Model.swift": "struct D {}\n",
            "App/Bundled/Lib.swift": "struct E {}\n",
        ], into: folder)
        let files = FileDiscovery(root: folder, include: [Glob("**/*.swift")], exclude: []).discover()
        #expect(files.sources.map(\.relativePath) == ["App/Bundled/Lib.swift", "App/Home.swift"])
    }

    @Test func singleFilesAreReportedInsideTheirProject() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write([
            ".viperlint.json": TestProject.gate(),
            "Home/HomePresenter.swift": TestProject.presenterHoldingItsInteractor,
            "Home/HomeInteractor.swift": "final class HomeInteractor {\n    var presenter: HomePresenter?\n}\n",
            "Home/HomeRouter.swift": "import UIKit\nfinal class HomeRouter {}\n",
        ], into: folder)
        let project = try Project.locate(paths: [folder.appendingPathComponent("Home/HomeInteractor.swift").path], configuration: nil)
        #expect(project.root.path == folder.standardizedFileURL.path || project.root.resolvingSymlinksInPath().path == folder.resolvingSymlinksInPath().path)
        let result = project.lint()
        // Issue 44: the whole project is indexed; the summary counts the file reported on.
        #expect(result.indexedFileCount == 3 && result.fileCount == 1)
        #expect(result.violations.map(\.rule) == ["weak-back-reference", "concrete-dependency"])
        #expect(result.violations.last?.message.contains("'HomeInteractorOutput'") == true)
    }

    @Test func missingPathsAreErrors() {
        #expect(throws: ProjectError.missingPath("/no/such/thing")) {
            try Project.locate(paths: ["/no/such/thing"], configuration: nil)
        }
    }
}
