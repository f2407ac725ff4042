import Foundation
import Testing
@testable import ViperLintCore

/// Issue 44, clean as you code: `--staged` and `--changed-since` fail only on the findings a
/// change adds against its base; those already there are shown as such. Runs the real
/// executable in real git repositories.
@Suite(.serialized) struct NewCodeGateTests {
    static let configuration = #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#
    /// A module whose Interactor has imported UIKit for years (an error with `configuration`).
    static let legacy = [
        ".viperlint.json": configuration,
        "Home/HomePresenter.swift": "import Foundation\n\nfinal class HomePresenter {}\n",
        "Home/HomeInteractor.swift": "import UIKit\n\nfinal class HomeInteractor {}\n",
    ]
    static let knownHeadline = "Interactor file of module 'Home' imports 'UIKit' [forbidden-import]"

    static func stage(_ files: [String: String], in folder: URL) throws {
        try CLI.write(files, into: folder)
        try GateTests.git(["add", "-A"], in: folder)
    }

    @Test func aCommitTouchingAnOldFindingPassesAndOneAddingAFindingIsRefused() throws {
        let folder = try GateTests.repository(Self.legacy)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A comment above the class: the old import is shown as already there, and passes.
        try Self.stage(["Home/HomeInteractor.swift": "import UIKit\n\n/// Loads the home feed.\nfinal class HomeInteractor {}\n"], in: folder)
        let touched = try CLI.run(["lint", "--staged"], in: folder)
        #expect(touched.status == 0, "\(touched.stdout)\(touched.stderr)")
        #expect(touched.stdout.contains("Home/HomeInteractor.swift:1:1: note: already there before this change: " + Self.knownHeadline))
        #expect(touched.stdout.contains(/1 finding already there at HEAD \([0-9a-f]{7}\) not counted/))
        #expect(!touched.stdout.contains(": error: "))
        // The old behaviour is one flag away.
        let all = try CLI.run(["lint", "--staged", "--gate", "all"], in: folder)
        #expect(all.status == 1 && all.stdout.contains("Home/HomeInteractor.swift:1:1: error: " + Self.knownHeadline))
        #expect(!all.stdout.contains("already there"))

        // A new module whose Interactor imports UIKit: refused, and the old one still shown.
        try Self.stage(["Cart/CartPresenter.swift": "import Foundation\n\nfinal class CartPresenter {}\n",
                        "Cart/CartInteractor.swift": "import UIKit\n\nfinal class CartInteractor {}\n"], in: folder)
        let added = try CLI.run(["lint", "--staged"], in: folder)
        #expect(added.status == 1)
        #expect(added.stdout.contains("Cart/CartInteractor.swift:1:1: error: Interactor file of module 'Cart' imports 'UIKit'"))
        #expect(added.stdout.contains("note: already there before this change: " + Self.knownHeadline))

        // The JSON report: the new findings in `violations`, the others in `newCode.existing`.
        let json = try CLI.run(["lint", "--staged", "--report", "json"], in: folder)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let newCode = try #require(document["newCode"] as? [String: Any])
        #expect((newCode["base"] as? String)?.hasPrefix("HEAD (") == true)
        #expect(((newCode["existing"] as? [[String: Any]]) ?? []).compactMap { $0["file"] as? String } == ["Home/HomeInteractor.swift"])
        #expect(((document["violations"] as? [[String: Any]]) ?? []).compactMap { $0["file"] as? String } == ["Cart/CartInteractor.swift"])
        // SARIF marks each result new or unchanged.
        let sarif = try CLI.run(["lint", "--staged", "--report", "sarif"], in: folder)
        #expect(sarif.stdout.contains(#""baselineState": "new""#) && sarif.stdout.contains(#""baselineState": "unchanged""#))
    }

    /// A new site of a known finding is new: the known finding's other sites are part of it.
    @Test func aNewSiteOfAKnownFindingIsNew() throws {
        let folder = try GateTests.repository(Self.legacy)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.stage(["Home/HomeInteractor.swift": "import UIKit\nimport UIKit.UIColor\n\nfinal class HomeInteractor {}\n"], in: folder)
        let run = try CLI.run(["lint", "--staged"], in: folder)
        #expect(run.status == 1)
        #expect(run.stdout.contains("Home/HomeInteractor.swift:1:1: error: " + Self.knownHeadline))
        #expect(!run.stdout.contains("already there"))
    }

    /// A pull request's run compares with where its branch left the base branch, so that what
    /// the base branch fixed since is not taken for what the pull request added.
    @Test func changedSinceComparesWithWhereTheBranchLeftTheRevision() throws {
        let folder = try GateTests.repository(Self.legacy)
        defer { try? FileManager.default.removeItem(at: folder) }
        try GateTests.git(["branch", "-M", "main"], in: folder)
        try GateTests.git(["checkout", "-q", "-b", "feature"], in: folder)
        try Self.stage(["Home/HomeInteractor.swift": "import UIKit\n\n/// Loads the home feed.\nfinal class HomeInteractor {}\n"], in: folder)
        try GateTests.git(["commit", "-q", "-m", "comment"], in: folder)
        // The base branch fixes the import after the branch left it.
        try GateTests.git(["checkout", "-q", "main"], in: folder)
        try Self.stage(["Home/HomeInteractor.swift": "import Foundation\n\nfinal class HomeInteractor {}\n"], in: folder)
        try GateTests.git(["commit", "-q", "-m", "fix"], in: folder)
        try GateTests.git(["checkout", "-q", "feature"], in: folder)
        let run = try CLI.run(["lint", "--changed-since", "main"], in: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("already there at where this branch left main ("))
        #expect(try CLI.run(["lint", "--changed-since", "main", "--gate", "all"], in: folder).status == 1)
    }

    @Test func withoutABaseEverythingIsNewAndTheGateNeedsOne() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write(Self.legacy, into: folder)
        try GateTests.git(["init", "-q"], in: folder)
        try GateTests.git(["add", "-A"], in: folder)
        let first = try CLI.run(["lint", "--staged"], in: folder)
        #expect(first.status == 1)
        #expect(first.stderr.contains("the repository has no commit yet: every finding is new"))
        #expect(try CLI.run(["lint", "--staged", "--gate", "some"], in: folder).status == 64)
        // A baseline records every finding: never only the new ones.
        let baseline = try CLI.run(["lint", ".", "--gate", "new", "--write-baseline", "b.json"], in: folder)
        #expect(baseline.status == 64 && baseline.stderr.contains("--write-baseline records the whole project's findings"))
    }

    /// The base is read from git's objects: a hostile base (a binary `.swift` file, a file that
    /// does not parse, a symlink to a device) changes nothing of what is judged.
    @Test func aHostileBaseCommitIsReadSafely() throws {
        var files = Self.legacy
        files["Home/Broken.swift"] = "final class Broken {\n"
        let folder = try GateTests.repository(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0xFF, 0xFE, 0x00, 0x01, 0x80]).write(to: folder.appendingPathComponent("Home/Binary.swift"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("Home/Zero.swift").path, withDestinationPath: "/dev/zero")
        try GateTests.git(["add", "-A"], in: folder)
        try GateTests.git(["commit", "-q", "-m", "hostile"], in: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Home/Zero.swift"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Home/Binary.swift"))
        try Self.stage(["Home/HomeInteractor.swift": "import UIKit\n\n// touched\nfinal class HomeInteractor {}\n"], in: folder)
        let run = try CLI.run(["lint", "--staged"], in: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("note: already there before this change: " + Self.knownHeadline))
    }

    /// Paths, as the pre-commit framework passes them, with `--gate new`: compared with HEAD.
    @Test func pathsWithTheNewCodeGateAreComparedWithHead() throws {
        let folder = try GateTests.repository(Self.legacy)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.stage(["Home/HomeInteractor.swift": "import UIKit\n\n/// Loads the home feed.\nfinal class HomeInteractor {}\n"], in: folder)
        let touched = try CLI.run(["lint", "--gate", "new", "Home/HomeInteractor.swift"], in: folder)
        #expect(touched.status == 0 && touched.stdout.contains("already there before this change: " + Self.knownHeadline), "\(touched.stdout)")
        #expect(try CLI.run(["lint", "Home/HomeInteractor.swift"], in: folder).status == 1)
        try Self.stage(["Home/HomePresenter.swift": "import UIKit\n\nfinal class HomePresenter {}\n",
                        "Home/HomeInteractor.swift": "import UIKit\nimport SwiftUI\n\nfinal class HomeInteractor {}\n"], in: folder)
        let added = try CLI.run(["lint", "--gate", "new", "Home/HomeInteractor.swift", "Home/HomePresenter.swift"], in: folder)
        #expect(added.status == 1 && added.stdout.contains("imports 'SwiftUI'"), "\(added.stdout)")
        // Outside git there is no base.
        let outside = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        try CLI.write(Self.legacy, into: outside)
        let noGit = try CLI.run(["lint", "--gate", "new", "."], in: outside)
        #expect(noGit.status == 2 && noGit.stderr.contains("not in a git work tree"), "\(noGit.stderr)")
    }

    /// The hook as `install-hook` writes it, in a real `git commit`.
    @Test func theHookRefusesOnlyCommitsThatAddFindings() throws {
        let folder = try GateTests.repository(Self.legacy)
        defer { try? FileManager.default.removeItem(at: folder) }
        let installed = try CLI.run(["install-hook"], in: folder)
        #expect(installed.status == 0 && installed.stderr.contains("a commit is refused when it adds viperlint errors"))
        try Self.stage(["Home/HomeInteractor.swift": "import UIKit\n\n/// Loads the home feed.\nfinal class HomeInteractor {}\n"], in: folder)
        #expect(try GateTests.git(["commit", "-q", "-m", "a comment"], in: folder) == 0)
        try Self.stage(["Cart/CartPresenter.swift": "import Foundation\n\nfinal class CartPresenter {}\n",
                        "Cart/CartInteractor.swift": "import UIKit\n\nfinal class CartInteractor {}\n"], in: folder)
        let refused = try CLI.run(["commit", "-q", "-m", "cart"], in: folder, executable: URL(fileURLWithPath: "/usr/bin/git"))
        #expect(refused.status == 1)
        // git gives a hook's standard output to standard error.
        #expect(refused.stderr.contains("Cart/CartInteractor.swift:1:1: error: Interactor file of module 'Cart' imports 'UIKit'"))
        #expect(refused.stderr.contains("viperlint: commit refused by the findings above, which it adds"))
        // With --strict, a warning the commit adds is refused too; the old ones still are not.
        try GateTests.git(["reset", "-q", "--hard"], in: folder)
        try GateTests.git(["clean", "-qfd"], in: folder)
        try CLI.write([".viperlint.json": #"{ "version": 1 }"#], into: folder)
        try GateTests.git(["commit", "-qam", "defaults"], in: folder)
        let strict = try CLI.run(["install-hook", "--force", "--", "--strict"], in: folder)
        #expect(strict.stderr.contains("refused when it adds viperlint findings (errors and, with --strict, warnings)"))
        try Self.stage(["Home/HomeInteractor.swift": "import UIKit\n\n/// Loads the home feed, fast.\nfinal class HomeInteractor {}\n"], in: folder)
        #expect(try GateTests.git(["commit", "-q", "-m", "another comment"], in: folder) == 0)
        try Self.stage(["Cart/CartPresenter.swift": "import Foundation\n\nfinal class CartPresenter {}\n",
                        "Cart/CartInteractor.swift": "import UIKit\n\nfinal class CartInteractor {}\n"], in: folder)
        let warned = try CLI.run(["commit", "-q", "-m", "cart"], in: folder, executable: URL(fileURLWithPath: "/usr/bin/git"))
        #expect(warned.status == 1 && warned.stderr.contains("Cart/CartInteractor.swift:1:1: warning: Interactor file of module 'Cart' imports 'UIKit'"))
    }
}
