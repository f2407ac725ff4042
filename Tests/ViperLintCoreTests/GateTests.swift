import Foundation
import Testing
@testable import ViperLintCore

/// The pre-commit and CI gate: what is committed is what is checked, and hostile input
/// changes nothing. Runs the real executable in real git repositories.
@Suite(.serialized) struct GateTests {
    @discardableResult
    static func git(_ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A repository with the given files committed.
    static func repository(_ files: [String: String]) throws -> URL {
        let folder = try CLI.temporaryFolder()
        try CLI.write(files, into: folder)
        for arguments in [["init", "-q"], ["config", "user.email", "t@example.invalid"], ["config", "user.name", "t"],
                          ["add", "."], ["commit", "-q", "-m", "start"]] {
            try git(arguments, in: folder)
        }
        return folder
    }

    static let module = [
        "Home/HomePresenter.swift": "final class HomePresenter {}\n",
        "Home/HomeInteractor.swift": "import Foundation\n\nfinal class HomeInteractor {}\n",
    ]
    static let dirty = "import UIKit\n\nfinal class HomeInteractor {}\n"
    static let clean = "import Foundation\n\nfinal class HomeInteractor {}\n"

    @Test func stagedLintsWhatTheCommitRecordsNotTheWorkingTree() throws {
        let folder = try Self.repository(Self.module)
        defer { try? FileManager.default.removeItem(at: folder) }
        let interactor = folder.appendingPathComponent("Home/HomeInteractor.swift")

        // The violation is staged, the working tree is clean again: the commit holds it.
        try Self.dirty.write(to: interactor, atomically: true, encoding: .utf8)
        try Self.git(["add", "Home/HomeInteractor.swift"], in: folder)
        try Self.clean.write(to: interactor, atomically: true, encoding: .utf8)
        let blocked = try CLI.run(["lint", "--staged", "--strict"], in: folder)
        #expect(blocked.status == 1)
        #expect(blocked.stdout.contains("Home/HomeInteractor.swift:1:1: warning: Interactor file of module 'Home' imports 'UIKit'"))

        // The reverse: a clean file staged, the violation only in the working tree.
        try Self.git(["add", "Home/HomeInteractor.swift"], in: folder)
        try Self.dirty.write(to: interactor, atomically: true, encoding: .utf8)
        try Self.git(["commit", "-q", "-m", "clean", "--allow-empty"], in: folder)
        try "import Foundation\n\nfinal class HomeInteractor { let x = 1 }\n".write(to: interactor, atomically: true, encoding: .utf8)
        try Self.git(["add", "Home/HomeInteractor.swift"], in: folder)
        try Self.dirty.write(to: interactor, atomically: true, encoding: .utf8)
        let passed = try CLI.run(["lint", "--staged", "--strict"], in: folder)
        #expect(passed.status == 0)
        #expect(passed.stdout.hasPrefix("No violations"))

        // A staged new file deleted from the working tree is still in the commit.
        let profile = folder.appendingPathComponent("Profile/ProfileInteractor.swift")
        try CLI.write(["Profile/ProfileInteractor.swift": "import UIKit\n\nfinal class ProfileInteractor {}\n"], into: folder)
        try Self.git(["add", "Profile/ProfileInteractor.swift"], in: folder)
        try FileManager.default.removeItem(at: profile)
        let deleted = try CLI.run(["lint", "--staged", "--strict", "--quiet"], in: folder)
        #expect(deleted.status == 1)
        #expect(deleted.stdout.contains("Profile/ProfileInteractor.swift:1:1: warning: Interactor file of module 'Profile' imports 'UIKit'"))
    }

    /// Issue 28: a symlink replaced by a regular file holding a violation is a type change
    /// (`T`), which the diff filter left out of `--staged` and `--changed-since`.
    @Test func aSymlinkReplacedByAViolatingFileIsChecked() throws {
        var files = Self.module
        files["Shared/Clean.swift"] = Self.clean
        let folder = try Self.repository(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("Home/HomeInteractor.swift")
        try FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../Shared/Clean.swift")
        try Self.git(["add", "-A"], in: folder)
        try Self.git(["commit", "-q", "-m", "link"], in: folder)
        try FileManager.default.removeItem(at: link)
        try Self.dirty.write(to: link, atomically: true, encoding: .utf8)
        try Self.git(["add", "-A"], in: folder)
        let staged = try CLI.run(["lint", "--staged", "--strict", "--quiet"], in: folder)
        #expect(staged.status == 1)
        #expect(staged.stdout.contains("Home/HomeInteractor.swift:1:1: warning: Interactor file of module 'Home' imports 'UIKit'"))
        let since = try CLI.run(["lint", "--changed-since", "HEAD", "--strict", "--quiet"], in: folder)
        #expect(since.status == 1 && since.stdout.contains("Home/HomeInteractor.swift:1:1"))
    }

    /// Issue 28: `--staged` took its scope decisions from the working tree: an untracked
    /// `LICENSE` beside the module, or an untracked `.xcodeproj` compiling no such file,
    /// dropped the staged violating file ("0 files", exit 0). The index decides now, both ways.
    @Test func stagedScopeDecisionsComeFromTheCommit() throws {
        let folder = try Self.repository(Self.module)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.dirty.write(to: folder.appendingPathComponent("Home/HomeInteractor.swift"), atomically: true, encoding: .utf8)
        try Self.git(["add", "Home/HomeInteractor.swift"], in: folder)
        let untracked = ["Home/LICENSE": "MIT License\n",
                         "App.xcodeproj/project.pbxproj": "/* Begin PBXBuildFile section */\n\t\tA1 /* Other.swift in Sources */ = {isa = PBXBuildFile; };\n"]
        try CLI.write(untracked, into: folder)
        let blocked = try CLI.run(["lint", "--staged", "--strict", "--quiet"], in: folder)
        #expect(blocked.status == 1)
        #expect(blocked.stdout.contains("Home/HomeInteractor.swift:1:1: warning: Interactor file of module 'Home' imports 'UIKit'"))

        // Committed, the same files are the project's: the folder is a copied-in library, and
        // the Xcode project (its staged text, not the working tree's) decides what compiles.
        try Self.git(["add", "Home/LICENSE"], in: folder)
        let library = try CLI.run(["lint", "--staged", "--strict"], in: folder)
        #expect(library.status == 0 && library.stderr.contains("warning: skipped Home: a copied-in library (the folder has its own LICENSE)"))
        try Self.git(["rm", "-q", "--cached", "Home/LICENSE"], in: folder)
        try Self.git(["add", "App.xcodeproj/project.pbxproj"], in: folder)
        let notCompiled = try CLI.run(["lint", "--staged", "--strict"], in: folder)
        #expect(notCompiled.status == 0 && notCompiled.stderr.contains("warning: skipped Home/HomeInteractor.swift: no target of App.xcodeproj compiles it"))
        // The working tree's project lists the file but the staged one does not: the commit counts.
        try (untracked["App.xcodeproj/project.pbxproj"]! + "\t\tA2 /* HomeInteractor.swift in Sources */ = {isa = PBXBuildFile; };\n")
            .write(to: folder.appendingPathComponent("App.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["lint", "--staged", "--strict", "--quiet"], in: folder).status == 0)
        try Self.git(["add", "App.xcodeproj/project.pbxproj"], in: folder)
        #expect(try CLI.run(["lint", "--staged", "--strict", "--quiet"], in: folder).status == 1)
    }

    /// Attacks on the index walk (issue 28, second round): a staged violation must be checked
    /// whatever the working tree says, and the configuration is the one the commit holds.
    @Test func stagedChecksTheCommitWhateverTheWorkingTreeSays() throws {
        var files = Self.module
        files[".viperlint.json"] = #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#
        let clean = try Self.repository(files)
        defer { try? FileManager.default.removeItem(at: clean) }
        func attempt(_ name: String, _ setUp: (URL) throws -> Void, expect status: Int32 = 1, strict: Bool = false) throws {
            let folder = try CLI.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try Self.git(["clone", "-q", clean.path, folder.path], in: clean)
            for arguments in [["config", "user.email", "t@example.invalid"], ["config", "user.name", "t"]] { try Self.git(arguments, in: folder) }
            try Self.dirty.write(to: folder.appendingPathComponent("Home/HomeInteractor.swift"), atomically: true, encoding: .utf8)
            try Self.git(["add", "-A"], in: folder)
            try setUp(folder)
            let run = try CLI.run(["lint", "--staged", "--quiet"] + (strict ? ["--strict"] : []), in: folder)
            #expect(run.status == status, "\(name): \(run.stdout) \(run.stderr)")
        }
        let interactor = "Home/HomeInteractor.swift"
        // An untracked configuration, nested or at the top, decides nothing.
        try attempt("untracked nested configuration") { folder in
            try CLI.write(["Home/.viperlint.json": #"{ "version": 1, "rules": { "forbidden-import": "off" } }"#], into: folder)
        }
        // A staged configuration deleted from the working tree still counts; one taken out of the index does not.
        try attempt("configuration deleted on disk") { try FileManager.default.removeItem(at: $0.appendingPathComponent(".viperlint.json")) }
        // (The defaults then apply, where the finding is a warning: --strict blocks on it.)
        try attempt("configuration out of the index, turned off on disk", { folder in
            try Self.git(["rm", "-q", "--cached", ".viperlint.json"], in: folder)
            try #"{ "version": 1, "rules": { "forbidden-import": "off" } }"#.write(to: folder.appendingPathComponent(".viperlint.json"),
                                                                                   atomically: true, encoding: .utf8)
        }, strict: true)
        // Intent-to-add entries are not in the commit: no library, no Xcode project.
        try attempt("intent-to-add LICENSE") { folder in
            try CLI.write(["Home/LICENSE": "MIT\n"], into: folder)
            try Self.git(["add", "-N", "Home/LICENSE"], in: folder)
        }
        try attempt("intent-to-add Xcode project") { folder in
            try CLI.write(["App.xcodeproj/project.pbxproj": "\t\tA1 /* Other.swift in Sources */ = {isa = PBXBuildFile; };\n"], into: folder)
            try Self.git(["add", "-N", "App.xcodeproj/project.pbxproj"], in: folder)
        }
        // Entries git stops comparing with the working tree.
        try attempt("assume-unchanged, cleaned on disk") { folder in
            try Self.git(["update-index", "--assume-unchanged", interactor], in: folder)
            try Self.clean.write(to: folder.appendingPathComponent(interactor), atomically: true, encoding: .utf8)
        }
        try attempt("skip-worktree, removed from disk") { folder in
            try Self.git(["update-index", "--skip-worktree", interactor], in: folder)
            try FileManager.default.removeItem(at: folder.appendingPathComponent(interactor))
        }
        // Content git transforms between the working tree and the index.
        try attempt("clean filter") { folder in
            try Self.git(["config", "filter.swap.clean", "sed s/Foundation/UIKit/"], in: folder)
            try Self.git(["config", "filter.swap.smudge", "cat"], in: folder)
            try CLI.write([".gitattributes": "*.swift filter=swap\n"], into: folder)
            try Self.clean.write(to: folder.appendingPathComponent(interactor), atomically: true, encoding: .utf8)
            try Self.git(["add", "-A"], in: folder)
        }
        try attempt("working-tree encoding") { folder in
            try CLI.write([".gitattributes": "Home/HomeInteractor.swift working-tree-encoding=UTF-16\n"], into: folder)
            try Self.git(["add", ".gitattributes"], in: folder)
            try Self.dirty.data(using: .utf16)!.write(to: folder.appendingPathComponent(interactor))
            try Self.git(["add", interactor], in: folder)
        }
        // A file that cannot be checked fails --strict: a name that is not UTF-8, a link in the index.
        try attempt("name not UTF-8", { folder in
            let raw = Array(folder.path.utf8) + Array("/Home/Home".utf8) + [0xFF] + Array(".swift".utf8) + [0]
            let descriptor = raw.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: raw.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
            }
            close(descriptor)
            try Self.git(["reset", "-q", interactor], in: folder)
            try Self.git(["add", "-A"], in: folder)
        }, strict: true)
        try attempt("symbolic link in the index", { folder in
            try Self.git(["reset", "-q", interactor], in: folder)
            try FileManager.default.createSymbolicLink(atPath: folder.path + "/Home/Link.swift", withDestinationPath: "Missing.swift")
            try Self.git(["add", "Home/Link.swift"], in: folder)
        }, strict: true)
    }

    /// Issue 28: `--staged` read `.viperlint.json` from the working tree, so an unstaged edit
    /// turning a rule off let the commit through. The configuration being committed counts.
    @Test func stagedUsesTheConfigurationBeingCommitted() throws {
        var files = Self.module
        files[".viperlint.json"] = #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#
        let folder = try Self.repository(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.dirty.write(to: folder.appendingPathComponent("Home/HomeInteractor.swift"), atomically: true, encoding: .utf8)
        try Self.git(["add", "Home/HomeInteractor.swift"], in: folder)
        // Unstaged: the rule turned off.
        try #"{ "version": 1, "rules": { "forbidden-import": "off" } }"#.write(to: folder.appendingPathComponent(".viperlint.json"),
                                                                               atomically: true, encoding: .utf8)
        let blocked = try CLI.run(["lint", "--staged", "--quiet"], in: folder)
        #expect(blocked.status == 1 && blocked.stdout.contains("error: Interactor file of module 'Home' imports 'UIKit'"))
        // Staged, the change of configuration is what the commit holds: it counts then.
        try Self.git(["add", ".viperlint.json"], in: folder)
        #expect(try CLI.run(["lint", "--staged", "--quiet"], in: folder).status == 0)
        // A broken configuration in the index is an error with its position, as on disk.
        try #"{ "version": 1, "rules": { "forbiden-import": "off" } }"#.write(to: folder.appendingPathComponent(".viperlint.json"),
                                                                              atomically: true, encoding: .utf8)
        try Self.git(["add", ".viperlint.json"], in: folder)
        try #"{ "version": 1 }"#.write(to: folder.appendingPathComponent(".viperlint.json"), atomically: true, encoding: .utf8)
        let broken = try CLI.run(["lint", "--staged", "--quiet"], in: folder)
        #expect(broken.status == 2 && broken.stderr.contains("forbiden-import"))
    }

    @Test func changedFilesOfAMonorepoAreLintedByTheirOwnProject() throws {
        let config = #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#
        var files: [String: String] = ["tools/gen.swift": "print(1)\n", "App/.viperlint.json": config, "Lib/.viperlint.json": config]
        for (path, text) in Self.module { files["App/" + path] = text; files["Lib/" + path] = text }
        let folder = try Self.repository(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write(["App/Home/HomeInteractor.swift": Self.dirty, "Lib/Home/HomeInteractor.swift": Self.dirty,
                       "tools/gen.swift": "print(2)\n"], into: folder)
        try Self.git(["add", "."], in: folder)
        let output = try CLI.run(["lint", "--staged", "--report", "json"], in: folder)
        #expect(output.status == 1)
        #expect(output.stderr.contains("tools/gen.swift is in no viperlint project (no .viperlint.json above it): not linted"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let reported = ((json["violations"] as? [[String: Any]]) ?? []).compactMap { $0["file"] as? String }
        #expect(reported == ["App/Home/HomeInteractor.swift", "Lib/Home/HomeInteractor.swift"])

        // Only a file outside every project is staged: nothing to lint, the commit goes through.
        try Self.git(["commit", "-q", "-m", "next"], in: folder)
        try CLI.write(["tools/gen.swift": "print(3)\n"], into: folder)
        try Self.git(["add", "."], in: folder)
        #expect(try CLI.run(["lint", "--staged"], in: folder).status == 0)
    }

    @Test func aSubfolderRunIndexesTheWholeRepositoryAndSARIFIsRepositoryRelative() throws {
        var files = Self.module
        files["Cart/CartInteractor.swift"] = "final class CartInteractor {}\n"
        files["Cart/CartPresenter.swift"] = "final class CartPresenter {}\n"
        files["Home/HomeInteractor.swift"] = Self.dirty
        let folder = try Self.repository(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try CLI.run(["lint", "Home", "--report", "json", "--verbose"], in: folder)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        // Issue 44: the report counts the subfolder's files; the whole repository is indexed.
        #expect((json["summary"] as? [String: Any])?["files"] as? Int == 2)
        #expect(output.stderr.contains("4 files: "))
        #expect((json["root"] as? String).map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
            == folder.resolvingSymlinksInPath().path)

        // A project in a subfolder of the repository: SARIF paths start at the repository.
        let nested = try Self.repository(["App/.viperlint.json": #"{ "version": 1 }"#,
                                          "App/Home/HomePresenter.swift": "final class HomePresenter {}\n",
                                          "App/Home/HomeInteractor.swift": Self.dirty])
        defer { try? FileManager.default.removeItem(at: nested) }
        let sarif = try CLI.run(["lint", "App", "--report", "sarif"], in: nested)
        #expect(sarif.stdout.contains(#""uri": "App/Home/HomeInteractor.swift""#))
    }

    @Test func aRevisionIsNeverReadAsAnOption() throws {
        let folder = try Self.repository(Self.module)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("overwritten.txt")
        for revision in ["--output=\(target.path)", "-p", "HEAD --output=\(target.path)"] {
            let output = try CLI.run(["lint", "--changed-since=\(revision)"], in: folder)
            #expect(output.status == 2)
            #expect(output.stderr.contains("error: '"))
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(try CLI.run(["lint", "--changed-since", "HEAD"], in: folder).status == 0)
    }

    @Test func gitFillingStandardErrorDoesNotHangTheRun() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // An alias that writes 200 KB to standard error and a line to standard output.
        let output = try GitChanges.git(["-c", "alias.noisy=!head -c 200000 /dev/zero | tr '\\\\0' x >&2; echo done", "noisy"], in: folder)
        #expect(output == "done\n")
    }

    @Test func theHookFindsViperlintWithTheShortPathOfGUIClients() throws {
        let folder = try Self.repository(Self.module)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Installed by a viperlint found on PATH: the hook names its absolute path.
        let bin = CLI.executable.deletingLastPathComponent().path
        let installed = try CLI.run(["PATH=\(bin):/usr/bin:/bin", "viperlint", "install-hook"], in: folder,
                                    executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(installed.status == 0)
        let hook = folder.appendingPathComponent(".git/hooks/pre-commit")
        let text = try String(contentsOf: hook, encoding: .utf8)
        #expect(text.contains("installed='\(CLI.executable.resolvingSymlinksInPath().path)'"))

        // Run as a GUI client would: a PATH without viperlint; the staged violation blocks.
        try CLI.write(["Home/HomeInteractor.swift": Self.dirty, ".viperlint.json": #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#],
                      into: folder)
        try Self.git(["add", "."], in: folder)
        let strict = try CLI.run(["PATH=/usr/bin:/bin", "sh", hook.path], in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(strict.status == 1)  // forbidden-import is an error in this configuration: the commit is refused
        #expect(strict.stdout.contains("Home/HomeInteractor.swift:1:1: error:"))

        // The binary is gone and none is on PATH: the hook says what to do and refuses.
        try text.replacingOccurrences(of: CLI.executable.resolvingSymlinksInPath().path, with: "/nonexistent/viperlint")
            .write(to: hook, atomically: true, encoding: .utf8)
        let missing = try CLI.run(["PATH=/usr/bin:/bin", "sh", hook.path], in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("viperlint is not at /nonexistent/viperlint, on PATH, in /opt/homebrew/bin or in /usr/local/bin."))
    }

    /// A repository with a root project (forbidden-import a warning), a nested one under `Sub/`
    /// and a sibling under `Lib/` (both: an error), each with the same violating Interactor.
    static func monorepo() throws -> URL {
        var files: [String: String] = [".viperlint.json": #"{ "version": 1, "rules": { "forbidden-import": "warning" } }"#,
                                       "Sub/.viperlint.json": #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#,
                                       "Lib/.viperlint.json": #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#]
        for project in ["", "Sub/", "Lib/"] {
            for (path, text) in Self.module { files[project + path] = text }
            files[project + "Home/HomeInteractor.swift"] = Self.dirty
        }
        return try Self.repository(files)
    }

    /// Issue 28: the file names the pre-commit framework passes were one project: a nested
    /// project's file listed after a root file took the root's configuration (its error became
    /// a warning, exit 0), and in the other order, or two siblings, every commit failed with
    /// exit 2 "outside the project root". Each file goes to its nearest `.viperlint.json`.
    @Test func fileListsOfAMonorepoAreLintedByTheirOwnProjects() throws {
        let folder = try Self.monorepo()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = "Home/HomeInteractor.swift", nested = "Sub/Home/HomeInteractor.swift", sibling = "Lib/Home/HomeInteractor.swift"
        for order in [[root, nested], [nested, root], [nested, sibling], [sibling, root, nested]] {
            let run = try CLI.run(["lint", "--quiet"] + order, in: folder)
            #expect(run.status == 1, "\(order)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            for file in order {
                let severity = file == root ? "warning" : "error"
                #expect(lines.contains { $0.hasPrefix("\(file):1:1: \(severity): Interactor file of module 'Home' imports 'UIKit'") }, "\(order) \(file)")
            }
            // One first line per finding; the rest of each message is on indented notes.
            #expect(lines.filter { !$0.hasPrefix("  note: ") }.count == order.count, "\(order)")
        }
        // A path that is not there is an error, in a project or not; a link to a project is that project.
        let missing = try CLI.run(["lint", "Missing.swift", sibling], in: folder)
        #expect(missing.status == 2 && missing.stderr.contains("no such file or folder: Missing.swift"))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/LinkToLib", withDestinationPath: "Lib/Home")
        let linked = try CLI.run(["lint", "--quiet", "LinkToLib", nested], in: folder)
        #expect(linked.status == 1 && linked.stdout.contains("Lib/Home/HomeInteractor.swift:1:1: error:"))
        // A folder with its own configuration is its project, as a file in it is.
        let folders = try CLI.run(["lint", "--quiet", "Sub", "Lib"], in: folder)
        #expect(folders.status == 1 && folders.stdout.contains("Sub/Home/HomeInteractor.swift:1:1: error:")
                && folders.stdout.contains("Lib/Home/HomeInteractor.swift:1:1: error:"))
        // The JSON report of several projects is rooted at the repository, paths from there.
        let json = try CLI.run(["lint", "--report", "json", nested, sibling], in: folder)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(((document["violations"] as? [[String: Any]]) ?? []).compactMap { $0["file"] as? String } == [sibling, nested])
    }

    /// A folder with its own `.viperlint.json` is another project in every run: a whole-project
    /// run lints it with its configuration (as a run given its files does), `--config` makes
    /// one configuration cover everything, and `classify` says it left the folder out.
    @Test func nestedProjectsKeepTheirConfigurationInWholeRuns() throws {
        let folder = try Self.monorepo()
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [["lint", "--quiet"], ["lint", "--quiet", "."], ["lint", "--quiet", ".", "Sub/Home/HomeInteractor.swift"]] {
            let run = try CLI.run(arguments, in: folder)
            #expect(run.status == 1)
            #expect(run.stdout.split(separator: "\n").filter { !$0.hasPrefix("  note: ") }.sorted() == [
                "Home/HomeInteractor.swift:1:1: warning: Interactor file of module 'Home' imports 'UIKit' [forbidden-import]",
                "Lib/Home/HomeInteractor.swift:1:1: error: Interactor file of module 'Home' imports 'UIKit' [forbidden-import]",
                "Sub/Home/HomeInteractor.swift:1:1: error: Interactor file of module 'Home' imports 'UIKit' [forbidden-import]",
            ], "\(arguments)")
        }
        let summary = try CLI.run(["lint"], in: folder)
        #expect(summary.stderr.contains("3 viperlint projects, each with its own configuration"))
        // The same files the commit holds: a staged run agrees.
        try CLI.write(["Sub/Home/HomePresenter.swift": "final class HomePresenter { }\n"], into: folder)
        try Self.git(["add", "."], in: folder)
        #expect(try CLI.run(["lint", "--staged", "--quiet"], in: folder).status == 0)
        // One named configuration covers everything below its root, nested folders included.
        let named = try CLI.run(["lint", "--quiet", "--config", ".viperlint.json", "."], in: folder)
        #expect(named.status == 0 && named.stdout.split(separator: "\n").filter { !$0.hasPrefix("  note: ") }.count == 3 && !named.stdout.contains("error:"))
        let classify = try CLI.run(["classify", "."], in: folder)
        #expect(classify.stderr.contains("Lib has its own viperlint configuration: another project, not part of this one"))
    }

    /// Issue 28: baseline entries were keyed by a path relative to whichever root a run took,
    /// so project A's entry hid the same new finding in project B, and a run of one project
    /// wrote other paths than a run of two. Paths are relative to the repository now.
    @Test func baselinesOfAMonorepoKeepTheirProjectsApart() throws {
        let folder = try Self.monorepo()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json").path
        let nested = "Sub/Home/HomeInteractor.swift", sibling = "Lib/Home/HomeInteractor.swift"
        #expect(try CLI.run(["lint", "Sub", "--write-baseline", baseline], in: folder).status == 0)
        let written = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(written.contains(#""paths": "repository""#) && written.contains(#""file": "Sub/Home/HomeInteractor.swift""#))

        // Lib's identical finding is not Sub's: reported, whatever the run covers.
        let libOnly = try CLI.run(["lint", "--quiet", sibling, "--baseline", baseline], in: folder)
        #expect(libOnly.status == 1 && libOnly.stdout.hasPrefix("\(sibling):1:1: error:"))
        let both = try CLI.run(["lint", "--quiet", nested, sibling, "--baseline", baseline], in: folder)
        #expect(both.status == 1 && both.stdout.split(separator: "\n").filter { !$0.hasPrefix("  note: ") }.map { String($0.prefix(while: { $0 != ":" })) } == [sibling])
        // Sub's own finding stays hidden from inside Sub, and from the repository's top.
        #expect(try CLI.run(["lint", "--quiet", "Home/HomeInteractor.swift", "--baseline", "../baseline.json"],
                            in: folder.appendingPathComponent("Sub")).status == 0)
        #expect(try CLI.run(["lint", "--quiet", nested, "--baseline", baseline], in: folder).status == 0)

        // A run of two projects writes the same entries for Sub as a run of Sub alone.
        let twoProjects = folder.appendingPathComponent("two.json").path
        #expect(try CLI.run(["lint", nested, sibling, "--write-baseline", twoProjects], in: folder).status == 0)
        let combined = try Baseline.load(file: URL(fileURLWithPath: twoProjects))
        let alone = try Baseline.load(file: URL(fileURLWithPath: baseline))
        #expect(combined.counts.keys.filter { $0.file.hasPrefix("Sub/") } == Array(alone.counts.keys))
        #expect(combined.counts.keys.map(\.file).sorted() == [sibling, nested])

        // A baseline written before: files relative to the project root, matched as they were.
        var legacy = alone
        legacy.repositoryRelative = false
        legacy.counts = Dictionary(uniqueKeysWithValues: alone.counts.map { entry, count in
            var moved = entry
            moved.file = String(entry.file.dropFirst("Sub/".count))
            return (moved, count)
        })
        legacy.sites = [:]
        let legacyPath = folder.appendingPathComponent("legacy.json").path
        try legacy.rendered().write(toFile: legacyPath, atomically: true, encoding: .utf8)
        #expect(!(try String(contentsOfFile: legacyPath, encoding: .utf8)).contains(#""paths""#))
        #expect(try CLI.run(["lint", "--quiet", "Sub", "--baseline", legacyPath], in: folder).status == 0)
        // In a run of several projects, it matches its project's findings, with that project's paths
        // (and, being project-relative, any project's file of the same path: rewrite it to tell them apart).
        let legacyBoth = try CLI.run(["lint", "--quiet", nested, sibling, "--baseline", legacyPath], in: folder)
        #expect(legacyBoth.status == 0 && !legacyBoth.stdout.contains(nested))
        // And a broken "paths" is an error that says what it expected.
        try written.replacingOccurrences(of: #""paths": "repository""#, with: #""paths": "repo""#).write(toFile: baseline, atomically: true, encoding: .utf8)
        let broken = try CLI.run(["lint", "Sub", "--baseline", baseline], in: folder)
        #expect(broken.status == 2 && broken.stderr.contains(#"expected "repository""#))
    }

    @Test func baselinesOnPartialRunsAndTheirCombinations() throws {
        var files = Self.module
        files["Home/HomeInteractor.swift"] = Self.dirty
        files["Cart/CartPresenter.swift"] = "final class CartPresenter {}\n"
        files["Cart/CartInteractor.swift"] = "import UIKit\n\nfinal class CartInteractor {}\n"
        let folder = try Self.repository(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json").path
        let report = folder.appendingPathComponent("report.json").path
        // --write-baseline writes the reports asked for too, and exits 0.
        let written = try CLI.run(["lint", "--write-baseline", baseline, "--report", "json:\(report)"], in: folder)
        #expect(written.status == 0)
        #expect(FileManager.default.fileExists(atPath: baseline) && FileManager.default.fileExists(atPath: report))
        // --baseline X --write-baseline X is refused as a usage error.
        #expect(try CLI.run(["lint", "--baseline", baseline, "--write-baseline", baseline], in: folder).status == 64)

        // Cart's finding is fixed and staged; a staged run of Home alone finds nothing stale.
        try CLI.write(["Cart/CartInteractor.swift": "final class CartInteractor {}\n", "Home/HomeInteractor.swift": Self.dirty + "\n"], into: folder)
        try Self.git(["add", "Home/HomeInteractor.swift"], in: folder)
        let partial = try CLI.run(["lint", "--staged", "--baseline", baseline, "--fail-on-stale-baseline"], in: folder)
        #expect(partial.status == 0)
        #expect(partial.stderr.contains("1 known finding hidden, 0 stale"))
        // The whole project sees the stale Cart entry.
        let whole = try CLI.run(["lint", "--baseline", baseline, "--fail-on-stale-baseline"], in: folder)
        #expect(whole.status == 1)
        #expect(whole.stderr.contains("stale: forbidden-import in Cart/CartInteractor.swift"))
    }

    @Test func escapesFromConfigurationsAndBaselinesNeverReachTheTerminalRaw() throws {
        let folder = try Self.repository(Self.module)
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write([".viperlint.json": "{ \"version\": 1, \"rules\": { \"\\u001b]0;owned\\u0007x\": \"error\" } }"], into: folder)
        let config = try CLI.run(["lint"], in: folder)
        #expect(config.status == 2)
        #expect(!config.stderr.contains("\u{1B}") && !config.stderr.contains("\u{07}"))
        #expect(config.stderr.contains("\\u{1b}]0;owned\\u{7}x"))

        try FileManager.default.removeItem(at: folder.appendingPathComponent(".viperlint.json"))
        let entry = #"{ "rule": "forbidden-import", "file": "Gone\u001b[2J.swift", "symbol": "UIKit", "line": "import UIKit" }"#
        try CLI.write(["baseline.json": #"{ "version": 1, "findings": [ "# + entry + " ] }"], into: folder)
        let baseline = try CLI.run(["lint", "--baseline", "baseline.json"], in: folder)
        #expect(baseline.stderr.contains("Gone\\u{1b}[2J.swift"))
        #expect(!baseline.stderr.contains("\u{1B}"))
    }

    @Test func absurdBaselineCountsAreErrorsNotCrashes() throws {
        let folder = try Self.repository(Self.module)
        defer { try? FileManager.default.removeItem(at: folder) }
        let entry = #"{ "rule": "forbidden-import", "file": "Home/HomeInteractor.swift", "symbol": "UIKit", "line": "import UIKit", "count": 4611686018427387904 }"#
        try CLI.write(["baseline.json": #"{ "version": 1, "findings": [ "# + entry + ", " + entry + " ] }"], into: folder)
        let output = try CLI.run(["lint", "--baseline", "baseline.json"], in: folder)
        #expect(output.status == 2)
        #expect(output.stderr.contains("invalid baseline"))
    }

    @Test func reportTargetsThatAreNotRegularFilesAreWrittenNotReplaced() throws {
        let folder = try Self.repository(Self.module)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A device stays a device.
        #expect(try CLI.run(["lint", "--report", "json:/dev/null"], in: folder).status == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType) == .typeCharacterSpecial)
        // /dev/stdout is standard output.
        let sarif = try CLI.run(["lint", "--report", "sarif:/dev/stdout"], in: folder)
        #expect(sarif.status == 0)
        #expect(sarif.stdout.contains(#""version": "2.1.0""#))
        // So is `-`: no file named "-" appears in the user's folder.
        let dash = try CLI.run(["lint", "--report", "json:-"], in: folder)
        #expect(dash.status == 0 && dash.stdout.contains(#""version": 1"#))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
        #expect(try CLI.run(["lint", "--report", "json:-", "--report", "text"], in: folder).status == 64)
        // A FIFO gets the report and stays a FIFO.
        let fifo = folder.appendingPathComponent("report.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = Received()
        let reader = Thread { received.set(FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile()) }
        reader.start()
        #expect(try CLI.run(["lint", "--report", "json:\(fifo)"], in: folder).status == 0)
        let deadline = Date().addingTimeInterval(20)
        while !received.done && Date() < deadline { usleep(10_000) }
        if !received.done { close(open(fifo, O_WRONLY | O_NONBLOCK)) }  // release the reader; the expectation below fails
        #expect(String(decoding: received.data ?? Data(), as: UTF8.self).contains(#""version": 1"#))
        let fifoType = try FileManager.default.attributesOfItem(atPath: fifo)[.type] as? FileAttributeType
        #expect(fifoType != .typeRegular)
        // A symbolic link to a file stays a link; the file gets the report.
        let real = folder.appendingPathComponent("real.json"), link = folder.appendingPathComponent("link.json")
        #expect(FileManager.default.createFile(atPath: real.path, contents: Data()))
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        #expect(try CLI.run(["lint", "--report", "json:\(link.path)"], in: folder).status == 0)
        #expect((try FileManager.default.attributesOfItem(atPath: link.path)[.type] as? FileAttributeType) == .typeSymbolicLink)
        #expect(try String(contentsOf: real, encoding: .utf8).contains(#""version": 1"#))
        // A folder is refused before linting.
        let refused = try CLI.run(["lint", "--report", "json:\(folder.path)"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("it is a folder; give a file name"))
    }
}

/// What a reader thread got from a FIFO.
private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var data: Data?
    private var finished = false
    var done: Bool { lock.lock(); defer { lock.unlock() }; return finished }
    func set(_ value: Data?) { lock.lock(); data = value; finished = true; lock.unlock() }
}
