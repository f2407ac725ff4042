import Foundation
import SwiftParser
import Testing
@testable import ViperLintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `fix` must never do (issue 42): lose a byte outside its edit, change a file's
/// metadata, make code that does not compile, or count a fix twice.
@Suite struct FixSafetyTests {
    // MARK: every byte outside the edit stays

    /// The module's Interactor written with the given line breaks (cycled line by line) and
    /// byte order mark; `fix` must give exactly the same lines with only the edited tokens changed.
    @Test(arguments: [["\n"], ["\r\n"], ["\r"], ["\n", "\r\n", "\r"], ["\r", "\n"]], [false, true])
    func everyLineBreakAndByteOrderMarkStays(_ breaks: [String], byteOrderMark: Bool) throws {
        for keepsFoundation in [false, true] {
            // No empty line: a lone CR before one would read as CRLF, one break fewer.
            var lines = ["// Interactor of Home.", "import UIKit // comment", "// gap", "final class HomeInteractor {",
                         "    var output: HomeInteractorOutput?", "    func load() {}", "}", "// end"]
            if keepsFoundation { lines.insert("import Foundation", at: 1) }
            func text(_ lines: [String], breaks: [String]) -> Data {
                let body = lines.enumerated().map { $0.element + breaks[$0.offset % breaks.count] }.joined()
                return (byteOrderMark ? Data([0xEF, 0xBB, 0xBF]) : Data()) + Data(body.utf8)
            }
            let folder = try FixTests.project()
            defer { try? FileManager.default.removeItem(at: folder) }
            let interactor = folder.appendingPathComponent("Home/HomeInteractor.swift")
            try text(lines, breaks: breaks).write(to: interactor)
            let report = try FixTests.fix(folder)
            #expect(report.unwritten.isEmpty)
            // The expected bytes: the same lines and breaks, the import replaced (or its line,
            // with its own break, removed) and `weak` inserted.
            var expectedBreaks = lines.indices.map { breaks[$0 % breaks.count] }
            var expected = lines
            let importLine = lines.firstIndex(of: "import UIKit // comment")!
            if keepsFoundation {
                expected.remove(at: importLine)
                expectedBreaks.remove(at: importLine)
            } else {
                expected[importLine] = "import Foundation // comment"
            }
            expected = expected.map { $0 == "    var output: HomeInteractorOutput?" ? "    weak var output: HomeInteractorOutput?" : $0 }
            let body = expected.enumerated().map { $0.element + expectedBreaks[$0.offset] }.joined()
            let wanted = (byteOrderMark ? Data([0xEF, 0xBB, 0xBF]) : Data()) + Data(body.utf8)
            let got = try Data(contentsOf: interactor)
            #expect(got == wanted, "\(breaks.map { $0.debugDescription }) BOM \(byteOrderMark): \(String(decoding: got, as: UTF8.self).debugDescription)")
        }
    }

    // MARK: metadata stays

    /// Mode under a strict umask, owner and group (as root), an extended attribute and an
    /// ACL, and the inode itself: the file is edited in place.
    @Test func modeOwnerAttributesAndInodeStay() throws {
        let folder = try FixTests.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let interactor = folder.appendingPathComponent("Home/HomeInteractor.swift").path
        #expect(chmod(interactor, 0o664) == 0)
        let isRoot = geteuid() == 0
        if isRoot { #expect(chown(interactor, 4321, 8765) == 0) }
        #if os(Linux)
        let kept = Array("kept".utf8)
        let hasAttributes = Self.setAttribute(interactor, "user.viperlint-test", kept)
        // A POSIX ACL (version 2): user::rw-, user:1234:r--, group::r--, mask::r--, other::r--.
        var acl: [UInt8] = [2, 0, 0, 0]
        for (tag, permission, id) in [(0x01, 6, UInt32.max), (0x02, 4, 1234), (0x04, 4, UInt32.max), (0x10, 4, UInt32.max), (0x20, 4, UInt32.max)] {
            acl += [UInt8(tag), 0, UInt8(permission), 0] + withUnsafeBytes(of: id.littleEndian, Array.init)
        }
        let hasACL = Self.setAttribute(interactor, "system.posix_acl_access", acl)
        #endif
        var before = stat()
        #expect(stat(interactor, &before) == 0)
        // A strict umask, as a user's shell may have.
        let run = try CLI.run(["-c", "umask 077; exec \"$0\" fix \"$1\"", CLI.executable.path, folder.path],
                              executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(run.stdout.contains("fixed 3 findings in 2 files"), "\(run.stdout)\(run.stderr)")
        #expect(try String(contentsOfFile: interactor, encoding: .utf8) == FixTests.fixedInteractor)
        var after = stat()
        #expect(stat(interactor, &after) == 0)
        #expect(after.st_mode == before.st_mode && after.st_ino == before.st_ino)
        #expect(after.st_uid == before.st_uid && after.st_gid == before.st_gid)
        if isRoot { #expect(after.st_uid == 4321 && after.st_gid == 8765) }
        #if os(Linux)
        if hasAttributes { #expect(Self.attribute(interactor, "user.viperlint-test") == kept) }
        if hasACL { #expect(Self.attribute(interactor, "system.posix_acl_access") == acl) }
        #endif
    }

    #if os(Linux)
    // Glibc's module map leaves out <sys/xattr.h>: the calls are looked up by name.
    private typealias SetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer, Int, Int32) -> Int32
    private typealias GetAttribute = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer, Int) -> Int

    static func setAttribute(_ path: String, _ name: String, _ value: [UInt8]) -> Bool {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "setxattr") else { return false }
        return unsafeBitCast(symbol, to: SetAttribute.self)(path, name, value, value.count, 0) == 0
    }

    static func attribute(_ path: String, _ name: String) -> [UInt8] {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getxattr") else { return [] }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = unsafeBitCast(symbol, to: GetAttribute.self)(path, name, &buffer, buffer.count)
        return count < 0 ? [] : Array(buffer.prefix(count))
    }
    #endif

    // MARK: fixes that would not compile together or alone

    /// Two presenters are each held strongly by the other's interactor and by nothing else but
    /// each other: making both `weak` in one run frees them. One is fixed, one left to a person.
    @Test func twoOnlyStrongHoldersAreNotBothMadeWeak() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write([
            ".viperlint.json": #"{ "version": 1 }"#,
            "Home/HomeViewController.swift": "import UIKit\n\nfinal class HomeViewController: UIViewController {\n    weak var presenter: HomePresenter?\n}\n",
            "Home/HomePresenter.swift": "final class HomePresenter: HomeInteractorOutput {\n    var interactor: HomeInteractor?\n    var router: HomeRouter?\n}\n",
            "Home/HomeInteractor.swift": "protocol HomeInteractorOutput: AnyObject {}\n\nfinal class HomeInteractor {\n    var output: HomeInteractorOutput?\n}\n",
            "Home/HomeRouter.swift": "final class HomeRouter {\n    var output: HomeInteractorOutput?\n}\n",
        ], into: folder)
        let result = try Project.locate(paths: [folder.path], configuration: nil).lint(threads: 2, cache: nil, needsIndex: true)
        let weakFindings = result.violations.filter { $0.rule == WeakBackReferenceRule.id }
        try #require(weakFindings.count == 2, "\(result.violations.map(\.message))")
        let report = Fixer.plan(result)
        let weakened = report.changes.flatMap(\.fixed).filter { $0.violation.rule == WeakBackReferenceRule.id }
        #expect(weakened.count == 1)
        #expect(report.needsPerson.contains { $0.violation.rule == WeakBackReferenceRule.id && $0.reason.contains("once this run's other 'weak' fixes are made") })
    }

    /// `AnyObject` is not added to a protocol a struct adopts through a refining protocol, nor
    /// to one that declares a `mutating` member.
    @Test(arguments: [
        ("protocol HomeInteractorOutput {}\nprotocol HomeLogging: HomeInteractorOutput {}\nstruct HomeLog: HomeLogging {}\n", "through 'HomeLogging'"),
        // Issue 53: adopted through a type alias of a composition.
        ("protocol HomeInteractorOutput {}\nprotocol HomeLogging {}\ntypealias HomeLoggingOutput = HomeInteractorOutput & HomeLogging\nstruct HomeLog: HomeLoggingOutput {}\n",
         "'HomeLog' (a value type) adopts 'HomeInteractorOutput'"),
        ("protocol HomeInteractorOutput {\n    mutating func reset()\n}\n", "'mutating' member"),
        ("protocol HomeInteractorOutput {}\n\nextension HomeInteractorOutput {\n    mutating func reset() {}\n}\n", "'mutating' member"),
    ])
    func aProtocolThatCannotBeClassBoundIsLeft(_ contract: String, reason: String) throws {
        let folder = try FixTests.project([
            "Home/HomeContracts.swift": contract,
            "Home/HomePresenter.swift": "final class HomePresenter: HomeInteractorOutput {\n    var interactor: HomeInteractor?\n    func reset() {}\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = try FixTests.fix(folder)
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomeContracts.swift"), encoding: .utf8) == contract)
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomeInteractor.swift"), encoding: .utf8).contains("    var output"))
        let refusals = report.needsPerson.filter { $0.violation.rule == WeakBackReferenceRule.id }
        #expect(refusals.contains { $0.reason.contains(reason) }, "\(refusals.map(\.reason))")
    }

    /// What UIKit and SwiftUI re-export: a UI module's name keeps the import for a person; a
    /// data module's name is imported instead, so the file still compiles.
    @Test(arguments: [
        ("import UIKit\n\nfinal class HomeInteractor {\n    func now() -> Double { CACurrentMediaTime() }\n}\n", nil,
         "'CACurrentMediaTime' (QuartzCore, which UIKit brings)"),
        ("import UIKit\n\nfinal class HomeInteractor {\n    let fade = CATransition()\n}\n", nil, "'CATransition' (QuartzCore"),
        ("import SwiftUI\n\nfinal class HomeInteractor {\n    let events = PassthroughSubject<Int, Never>()\n    var bag = Set<AnyCancellable>()\n}\n",
         "import Foundation\nimport Combine\n\nfinal class HomeInteractor {\n    let events = PassthroughSubject<Int, Never>()\n    var bag = Set<AnyCancellable>()\n}\n", ""),
        ("import UIKit\n\nfinal class HomeInteractor {\n    func publisher() -> AnyPublisher<Int, Never>? { nil }\n    var context: CGContext?\n}\n",
         "import Foundation\nimport Combine\nimport CoreGraphics\n\nfinal class HomeInteractor {\n    func publisher() -> AnyPublisher<Int, Never>? { nil }\n    var context: CGContext?\n}\n", ""),
        ("import UIKit\n\nfinal class HomeInteractor {\n    var context: CGContext?\n    var width: CGFloat = 0\n}\n",
         "import Foundation\nimport CoreGraphics\n\nfinal class HomeInteractor {\n    var context: CGContext?\n    var width: CGFloat = 0\n}\n", ""),
    ] as [(String, String?, String)])
    func reexportedModulesAreKnown(_ source: String, fixed: String?, reason: String) throws {
        let folder = try FixTests.project(["Home/HomeInteractor.swift": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Project.locate(paths: [folder.path], configuration: nil).lint(threads: 2, cache: nil, needsIndex: true)
        let finding = try #require(result.violations.first { $0.rule == ForbiddenImportRule.id && $0.file == "Home/HomeInteractor.swift" })
        var report = Fixer.plan(result)
        Fixer.write(&report)
        let after = try String(contentsOf: folder.appendingPathComponent("Home/HomeInteractor.swift"), encoding: .utf8)
        if let fixed {
            #expect(after.replacingOccurrences(of: "weak var output", with: "var output") == fixed)
        } else {
            #expect(after == source)
            #expect(!finding.message.contains("uses no"), "\(finding.message)")
            let refusals = report.needsPerson.filter { $0.violation.rule == ForbiddenImportRule.id }
            #expect(refusals.contains { $0.reason.contains(reason) }, "\(refusals.map(\.reason))")
        }
    }

    /// A view model property written from another file in any of the ways Swift allows: the
    /// rule says nothing (`private(set)` would not compile) and `fix` adds no setter access.
    @Test(arguments: [
        ("class HomeViewModel {\n    var title = \"\"\n}\n", "Home/SpecialViewModel.swift",
         "final class SpecialViewModel: HomeViewModel {\n    func reset() { title = \"\" }\n}\n", "title"),
        ("final class HomeViewModel {\n    var title = \"\"\n}\n", "Home/HomeViewModel+Reset.swift",
         "extension HomeViewModel {\n    func reset() { self.title = \"\" }\n}\n", "title"),
        ("struct HomeState {\n    var items: [String] = []\n}\n\nfinal class HomeViewModel {\n    var state = HomeState()\n}\n", "Home/HomeRouter.swift",
         "final class HomeRouter {\n    func clear(_ model: HomeViewModel) { model.state.items = [] }\n}\n", "state"),
        ("final class HomeViewModel {\n    var title = \"\"\n}\n", "Home/HomeRouter.swift",
         "import Combine\n\nfinal class HomeRouter {\n    func bind(_ model: HomeViewModel, _ text: AnyPublisher<String, Never>) -> AnyCancellable {\n        text.assign(to: \\.title, on: model)\n    }\n}\n", "title"),
        ("import Foundation\n\nfinal class HomeViewModel {\n    var date = Date()\n}\n", "Home/HomeRouter.swift",
         "final class HomeRouter {\n    func later(_ model: HomeViewModel) { model.date.addTimeInterval(60) }\n}\n", "date"),
        ("struct HomeCounter {\n    var value = 0\n    mutating func advance() { value += 1 }\n}\n\nfinal class HomeViewModel {\n    var counter = HomeCounter()\n}\n",
         "Home/HomeRouter.swift", "final class HomeRouter {\n    func next(_ model: HomeViewModel) { model.counter.advance() }\n}\n", "counter"),
        ("final class HomeViewModel {\n    var title = \"\"\n}\n", "Home/HomeRouter.swift",
         "final class HomeRouter {\n    func swap(_ model: HomeViewModel) { var other = 1; (model.title, other) = (\"a\", 2); _ = other }\n}\n", "title"),
        ("final class HomeViewModel {\n    var flags = 0\n}\n", "Home/HomeRouter.swift",
         "final class HomeRouter {\n    func mark(_ model: HomeViewModel) { model.flags |= 4 }\n}\n", "flags"),
    ])
    func aPropertyWrittenElsewhereKeepsItsSetter(_ viewModel: String, writerPath: String, writer: String, property: String) throws {
        let folder = try FixTests.project(["Home/HomeViewModel.swift": viewModel, writerPath: writer,
                                           "Home/HomeViewController.swift": FixTests.viewController(reading: [property])])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Project.locate(paths: [folder.path], configuration: nil).lint(threads: 2, cache: nil, needsIndex: true)
        let findings = result.violations.filter { $0.rule == StateWriteAccessRule.id && $0.declaration?.member == property }
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        var report = Fixer.plan(result)
        Fixer.write(&report)
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomeViewModel.swift"), encoding: .utf8) == viewModel)
    }

    /// Issue 53: a call of a `mutating` method the project declares writes the property,
    /// whatever the method's name says (`setLoading` ends in "ing", `toggleExpanded` in "ed",
    /// `send` is a Combine reader's name): no finding, no `private(set)`. swiftc checks each
    /// shape: it compiles as written and not with the setter hidden.
    @Test(arguments: [
        ("struct HomeState {\n    var isLoading = false\n    mutating func setLoading(_ value: Bool) { isLoading = value }\n}\n",
         "model.state.setLoading(true)", "state"),
        ("struct HomeSection {\n    var isExpanded = false\n    mutating func toggleExpanded() { isExpanded.toggle() }\n}\n",
         "model.state.toggleExpanded()", "state"),
        ("struct HomeForm {\n    var events: [String] = []\n    mutating func send(_ event: String) { events.append(event) }\n}\n",
         "model.state.send(\"tap\")", "state"),
    ])
    func aMutatingMethodOfTheProjectsOwnTypeIsAWrite(_ valueType: String, call: String, property: String) throws {
        let type = try #require(valueType.firstMatch(of: /struct (\w+)/)).1
        let viewModel = valueType + "\nfinal class HomeViewModel {\n    var state = \(type)()\n}\n"
        let writer = "final class HomeRouter {\n    func update(_ model: HomeViewModel) { \(call) }\n}\n"
        try aPropertyWrittenElsewhereKeepsItsSetter(viewModel, writerPath: "Home/HomeRouter.swift", writer: writer, property: property)
        guard let swiftc = Swiftc.path else { return }
        #expect(try Swiftc.typechecks([viewModel, writer], with: swiftc))
        #expect(try !Swiftc.typechecks([viewModel.replacingOccurrences(of: "    var state", with: "    private(set) var state"), writer], with: swiftc))
    }

    /// Issue 53: a class adopting a protocol through a type alias (`typealias HomeViewModelType
    /// = HomeViewModelProtocol & AnyObject`) meets its `{ get set }` requirement: no finding, no
    /// `private(set)` (swiftc: the source compiles, the setter hidden does not).
    @Test func aSetterAProtocolRequiresThroughATypeAliasStays() throws {
        let viewModel = """
            protocol HomeViewModelProtocol {
                var title: String { get set }
            }

            typealias HomeViewModelType = HomeViewModelProtocol & AnyObject

            final class HomeViewModel: HomeViewModelType {
                var title = ""
            }

            """
        let folder = try FixTests.project(["Home/HomeViewModel.swift": viewModel,
                                           "Home/HomeViewController.swift": FixTests.viewController(reading: ["title"])])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Project.locate(paths: [folder.path], configuration: nil).lint(threads: 2, cache: nil, needsIndex: true)
        #expect(!result.violations.contains { $0.rule == StateWriteAccessRule.id }, "\(result.violations.map(\.message))")
        var report = Fixer.plan(result)
        Fixer.write(&report)
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomeViewModel.swift"), encoding: .utf8) == viewModel)
        guard let swiftc = Swiftc.path else { return }
        #expect(try Swiftc.typechecks([viewModel], with: swiftc))
        #expect(try !Swiftc.typechecks([viewModel.replacingOccurrences(of: "    var title = \"\"", with: "    private(set) var title = \"\"")], with: swiftc))
    }

    /// A view model written only by its own code and an extension in its file keeps
    /// `private(set)`; a subclass in its file needs `fileprivate(set)`.
    @Test func writesInTheOwnersFileChooseTheNarrowestSetter() throws {
        let folder = try FixTests.project(["Home/HomeViewController.swift": FixTests.viewController(reading: ["title", "count"]),
                                           "Home/HomeViewModel.swift": """
            class HomeViewModel {
                var title = ""
                var count = 0
                func rename() { title = "x" }
            }

            extension HomeViewModel {
                func clear() { title = "" }
            }

            final class SpecialViewModel: HomeViewModel {
                func bump() { count += 1 }
            }
            """])
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try FixTests.fix(folder)
        let text = try String(contentsOf: folder.appendingPathComponent("Home/HomeViewModel.swift"), encoding: .utf8)
        #expect(text.contains("    private(set) var title = \"\"") && text.contains("    fileprivate(set) var count = 0"), "\(text)")
    }

    /// A `weak` fix and its protocol's `AnyObject` are two files: when one changed between
    /// the plan and the write, neither is written (half of the fix would not compile).
    @Test func aFileChangedBeforeTheWriteLeavesEveryFileAlone() throws {
        let presenter = "protocol HomeInteractorOutput {}\n\nfinal class HomePresenter: HomeInteractorOutput {\n    var interactor: HomeInteractor?\n}\n"
        let folder = try FixTests.project(["Home/HomePresenter.swift": presenter])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Project.locate(paths: [folder.path], configuration: nil).lint(threads: 2, cache: nil, needsIndex: true)
        var report = Fixer.plan(result)
        try #require(report.changes.contains { $0.file == "Home/HomePresenter.swift" })
        let edited = presenter + "// edited\n"
        try edited.write(to: folder.appendingPathComponent("Home/HomePresenter.swift"), atomically: true, encoding: .utf8)
        Fixer.write(&report)
        #expect(report.changes.isEmpty && report.unwritten.count == 3)
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomeInteractor.swift"), encoding: .utf8)
            == FixTests.module["Home/HomeInteractor.swift"])
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomePresenter.swift"), encoding: .utf8) == edited)
    }

    /// Issue 53: a signal delivered between the write of a shorter text and the truncate (a
    /// debug build's seam sends SIGTERM there) left the new text followed by the old tail.
    /// Each file must now be all old or all new, and the run still ends by the signal.
    @Test func aSignalInsideTheWriteTearsNoFile() throws {
        let interactor = "import Foundation\nimport UIKit\n\nfinal class HomeInteractor {\n    var output: HomeInteractorOutput?\n}\n"
        let fixed = "import Foundation\n\nfinal class HomeInteractor {\n    weak var output: HomeInteractorOutput?\n}\n"
        let folder = try FixTests.project(["Home/HomeInteractor.swift": interactor])
        defer { try? FileManager.default.removeItem(at: folder) }
        // The child inherits the spawning thread's signal mask, and the test runner's worker
        // threads block SIGTERM: the run would not be stopped at all.
        var none = sigset_t(), held = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &held)
        let run = try CLI.run(["fix", "--no-cache", folder.path], environment: ["VIPERLINT_TEST_SIGNAL_IN_WRITE": "1"])
        pthread_sigmask(SIG_SETMASK, &held, nil)
        #expect(run.status == SIGTERM, "\(run.stdout)\(run.stderr)")
        let after = try String(contentsOf: folder.appendingPathComponent("Home/HomeInteractor.swift"), encoding: .utf8)
        #expect(after == interactor || after == fixed, "torn: \(after)")
        #expect(after == fixed)
        let viewModel = try String(contentsOf: folder.appendingPathComponent("Home/HomeViewModel.swift"), encoding: .utf8)
        #expect(viewModel == FixTests.module["Home/HomeViewModel.swift"] || viewModel.contains("private(set) var title"), "\(viewModel)")
    }

    /// Issue 53: a `weak` fix and its protocol's `AnyObject` are two files; when the second
    /// cannot be written (a debug build's seam fails it as a full disk would), the first kept
    /// its edit, the project did not compile, and `fix` said "after the fix: 0 errors" with
    /// its usual status. Now every file is as it was, each is "not written", and the exit is 2.
    @Test func aFailedWriteTakesBackTheWholeRun() throws {
        let files = FixTests.module.merging([
            "Home/HomePresenter.swift": "protocol HomeInteractorOutput {}\n\nfinal class HomePresenter: HomeInteractorOutput {\n    var interactor: HomeInteractor?\n}\n",
        ]) { $1 }
        let folder = try FixTests.project(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["fix", "--no-cache", folder.path], environment: ["VIPERLINT_TEST_FAIL_WRITE": "HomePresenter.swift"])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("Home/HomePresenter.swift: not written: cannot be written"), "\(run.stdout)")
        #expect(run.stdout.contains("Home/HomeInteractor.swift: not written"), "\(run.stdout)")
        #expect(!run.stdout.contains("after the fix"), "\(run.stdout)")
        for (path, text) in files {
            #expect(try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8) == text, "\(path)")
        }
        let lint = try CLI.run(["lint", "--fix", "--no-cache", folder.path], environment: ["VIPERLINT_TEST_FAIL_WRITE": "HomePresenter.swift"])
        #expect(lint.status == 2 && lint.stderr.contains("not written"), "\(lint.stderr)")
        for (path, text) in files {
            #expect(try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8) == text, "\(path)")
        }
    }

    // MARK: counting

    /// A `weak` fix that also makes its protocol class-bound in another file is one fix.
    @Test func aFixSpanningTwoFilesIsCountedOnce() throws {
        let folder = try FixTests.project([
            "Home/HomePresenter.swift": "protocol HomeInteractorOutput {}\n\nfinal class HomePresenter: HomeInteractorOutput {\n    var interactor: HomeInteractor?\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try CLI.run(["fix", folder.path])
        let weakLines = run.stdout.split(separator: "\n").filter { $0.contains("[weak-back-reference]") }
        #expect(weakLines.count == 1, "\(run.stdout)")
        #expect(run.stdout.contains("fixed 3 findings in 3 files"), "\(run.stdout)")
        #expect(try String(contentsOf: folder.appendingPathComponent("Home/HomePresenter.swift"), encoding: .utf8)
            .hasPrefix("protocol HomeInteractorOutput: AnyObject {}"))
    }
}
