import Foundation
import Testing
@testable import ViperLintCore

/// The libclang libraries on this machine, each once (the Swift toolchain's and Debian's
/// llvm differ in version: both must give the same facts and reports).
enum Libclangs {
    static let available: [String] = {
        var seen: Set<String> = []
        return LibclangLocator.standard().candidates.filter { candidate in
            guard FileManager.default.fileExists(atPath: candidate), (try? Libclang(path: candidate)) != nil else { return false }
            return seen.insert(URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path).inserted
        }
    }()
    static var any: Bool { !available.isEmpty }
}

/// Objective-C through libclang: facts, the ObjCVIPER fixture with every libclang found, the
/// mixed Swift + Objective-C module, and what happens without libclang.
@Suite struct ObjectiveCTests {
    /// CI sets this so that a missing libclang fails instead of skipping these tests.
    @Test func libclangIsPresentWhenRequired() {
        if ProcessInfo.processInfo.environment["VIPERLINT_REQUIRE_LIBCLANG"] != nil {
            #expect(Libclangs.any, "VIPERLINT_REQUIRE_LIBCLANG is set but no libclang was found")
        }
    }

    static func facts(_ path: String, _ source: String, libclang: String) throws -> FileFacts {
        let clang = try Libclang(path: libclang)
        let file = SourceFile(relativePath: path, text: source)
        let index = Linter.buildIndex(sources: [file], manifests: [], ruleSet: ConfigurationLoader.defaultRuleSet, threads: 1,
                                      objectiveC: .libclang(clang)).index
        return try #require(index.files.first?.facts)
    }

    static let header = """
    #import <UIKit/UIKit.h>
    #import "HomeViewInput.h"
    @import Firebase.Analytics;
    #include <stdio.h>
    @class HomeRouter;
    @protocol HomeViewOutput <NSObject, HomeLifecycle>
    - (void)didSelectItemAtIndex:(NSUInteger)index;
    @end

    @interface HomePresenter : NSObject <HomeViewOutput>
    @property (nonatomic, weak) id<HomeViewInput> view;
    @property (nonatomic, strong) HomeRouter *router;
    @property (nonatomic, assign) UIViewController<HomeViewInput> *host;
    @property (nonatomic, copy, readonly) NSString *title;
    @property (nonatomic, unsafe_unretained) id delegate;
    @property (class, nonatomic, strong) HomePresenter *shared;
    @property (nonatomic) NSArray<HomeItem *> *items;
    @end

    @interface HomePresenter (Tracking) <HomeTracking>
    @end
    """

    @Test(arguments: Libclangs.available)
    func headerFacts(libclang: String) throws {
        let facts = try Self.facts("Modules/Home/HomePresenter.h", Self.header, libclang: libclang)
        // The quoted project header is not in this in-memory project, so it reads as a library.
        #expect(facts.imports.map(\.fullName) == ["UIKit", "HomeViewInput", "Firebase.Analytics", "stdio"])
        #expect(facts.imports.map(\.position) == [SourcePosition(line: 1, column: 1), SourcePosition(line: 2, column: 1),
                                                  SourcePosition(line: 3, column: 1), SourcePosition(line: 4, column: 1)])
        #expect(facts.types.map { "\($0.kind) \($0.name): \($0.inherited.joined(separator: ", "))" } == [
            "protocol HomeViewOutput: NSObject, HomeLifecycle",
            "class HomePresenter: NSObject, HomeViewOutput",
            "extension HomePresenter: HomeTracking",
        ])
        #expect(facts.types[1].position == SourcePosition(line: 10, column: 12))
        let properties = facts.types[1].properties
        #expect(properties.map { "\($0.name) \($0.ownership) \($0.typeNames)" } == [
            "view weak [\"HomeViewInput\"]",
            "router strong [\"HomeRouter\"]",
            "host unowned [\"UIViewController\", \"HomeViewInput\"]",
            "title strong [\"NSString\"]",
            "delegate unowned []",
            "shared strong [\"HomePresenter\"]",
            "items strong [\"NSArray\", \"HomeItem\"]",
        ])
        // The type argument has no cursor of its own; it is still a reference, at the property.
        #expect(facts.references.contains { $0.name == "HomeItem" && $0.member == "items" && $0.position.line == 17 })
        #expect(properties[0].position == SourcePosition(line: 11, column: 47))
        #expect(properties[3].setterAccess == "private" && properties[5].isStatic && !properties[0].isStatic)
        // The protocol's method is a function with its parameter; a property's accessors are not.
        #expect(facts.functions.map(\.name) == ["didSelectItemAtIndex"])
        #expect(facts.functions[0].parameters.map(\.name) == ["index"])
        let router = try #require(facts.references.first { $0.name == "HomeRouter" })
        #expect(router.kind == .annotation && router.member == "router" && router.position == SourcePosition(line: 12, column: 31))
        #expect(facts.references.contains { $0.name == "HomeViewOutput" && $0.kind == .conformance && $0.context == 1 })
        #expect(facts.parseError == nil)
    }

    static let implementation = """
    #import "HomePresenter.h"

    @interface HomePresenter () {
        __weak id<HomeViewInput> _cachedView;
    }
    @property (nonatomic, strong) DetailBuilder *detailBuilder;
    @end

    @implementation HomePresenter {
        NSUserDefaults *_defaults;
    }

    - (instancetype)initWithRouter:(HomeRouter *)router {
        self = [super init];
        return self;
    }

    - (void)didSelectItemAtIndex:(NSUInteger)index {
        DetailPresenter *presenter = [[DetailPresenter alloc] initWithIndex:index];
        HomeCache *cache = [HomeCache new];
        BOOL enabled = [[NSUserDefaults standardUserDefaults] boolForKey:@"enabled"];
        if (enabled && index > 0) {
            [self.router.navigationController pushViewController:presenter.view animated:YES];
        }
        for (HomeItem *item in self.items) {
            switch (index) {
            case 0: break;
            default: break;
            }
        }
        self.view.title = (NSString *)[cache title];
        NSLog(@"%@", cache);
    }
    @end
    """

    /// Facts of `read` in a project written to disk, where quoted imports find their headers.
    static func factsOnDisk(_ files: [(String, String)], read: String, libclang: String) throws -> FileFacts {
        let root = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        var project = try Project.locate(paths: [root.path], configuration: nil)
        project.objectiveC = .libclang(try Libclang(path: libclang))
        return try #require(project.index().index.files.first { $0.path == read }?.facts)
    }

    @Test(arguments: Libclangs.available)
    func implementationFacts(libclang: String) throws {
        let facts = try Self.factsOnDisk([("Modules/Home/HomePresenter.h", Self.header), ("Modules/Home/HomePresenter.m", Self.implementation)],
                                         read: "Modules/Home/HomePresenter.m", libclang: libclang)
        #expect(facts.types.map { "\($0.kind) \($0.name)" } == ["extension HomePresenter", "extension HomePresenter"])
        #expect(facts.types.flatMap(\.properties).map { "\($0.name) \($0.ownership) \($0.access ?? "-")" } == [
            "_cachedView weak private", "detailBuilder strong -", "_defaults strong private",
        ])
        let references = facts.references.map { "\($0.name) \($0.kind)\($0.accessedMember.map { " ." + $0 } ?? "") \($0.member ?? "-")" }
        #expect(references.contains("DetailPresenter instantiation didSelectItemAtIndex"))
        #expect(references.contains("DetailPresenter annotation didSelectItemAtIndex"))
        #expect(references.contains("HomeCache instantiation didSelectItemAtIndex"))
        #expect(references.contains("NSUserDefaults staticAccess .standardUserDefaults didSelectItemAtIndex"))
        #expect(references.contains("NSString cast didSelectItemAtIndex"))
        #expect(references.contains("HomeRouter annotation init"))
        let calls = facts.calls.map { "\($0.chain.joined(separator: "."))(\($0.argumentLabels.map { $0 + ":" }.joined()))" }
        #expect(calls.contains("DetailPresenter(_:)"))
        #expect(calls.contains("HomeCache()"))
        #expect(calls.contains("NSUserDefaults.standardUserDefaults.boolForKey(_:)"))
        #expect(calls.contains("router.navigationController.pushViewController(_:animated:)"))
        #expect(calls.contains("cache.title()"))
        #expect(calls.contains("NSLog(_:_:)"))
        #expect(!calls.contains { $0.contains("alloc") })
        #expect(facts.functions.map { "\($0.kind) \($0.name) \($0.complexity)" } == [
            "initializer init 1", "function didSelectItemAtIndex 6",
        ])
        #expect(facts.controlFlow.map { "\($0.kind) \($0.identifiers)" } == [
            "if [\"enabled\", \"index\"]", "for [\"items\"]", "switch [\"index\"]",
        ])
        #expect(facts.assignments.map(\.target) == [["view", "title"]])
        let push = try #require(facts.calls.first { $0.name == "pushViewController" })
        #expect(push.location.position == SourcePosition(line: 23, column: 9))
        #expect(push.location.member == "didSelectItemAtIndex")
        #expect(facts.parseError == nil)
    }

    @Test(arguments: Libclangs.available)
    func aSyntaxErrorIsReportedAndTheRestStillRead(libclang: String) throws {
        let source = """
        #import <UIKit/UIKit.h>
        @interface BrokenInteractor : NSObject
        @property (nonatomic, strong) HomePresenter *presenter;
        - (void)load
        @end
        @implementation BrokenInteractor
        - (void)load { [self.presenter show: }
        @end
        """
        let facts = try Self.facts("Modules/Home/BrokenInteractor.m", source, libclang: libclang)
        let error = try #require(facts.parseError)
        #expect(error.position.line == 4 || error.position.line == 5)
        #expect(facts.imports.map(\.module) == ["UIKit"])
        #expect(facts.types.first?.properties.map(\.name) == ["presenter"])
    }

    /// The expected report of the fixture, with every libclang of this machine, through the CLI.
    @Test(arguments: Libclangs.available)
    func fixtureReportWithEachLibclang(libclang: String) throws {
        let fixture = Paths.fixture("ObjCVIPER")
        let output = try CLI.run(["lint", fixture.path, "--libclang", libclang, "--no-cache", "--report", "json"])
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("exit 1: ") && output.stderr.split(separator: "\n").count == 1)
        let report = output.stdout.replacingOccurrences(of: "\"root\": \"\(fixture.path)\"", with: "\"root\": \".\"")
        let expected = try String(contentsOf: fixture.appendingPathComponent("expected.json"), encoding: .utf8)
        #expect(report == expected)
    }

    @Test(.enabled(if: Libclangs.any))
    func swiftAndObjectiveCShareOneSymbolTable() throws {
        let (index, _, notes) = try Project.locate(paths: [Paths.fixture("ObjCVIPER").path], configuration: nil).index()
        #expect(notes.isEmpty)
        func symbol(_ name: String) throws -> TypeSymbol { try #require(TestProject.symbol(name, in: index)) }
        func file(_ symbol: TypeSymbol) -> String { index.files[symbol.file].path }
        // A Swift presenter adopts the Objective-C view's protocol...
        let presenter = try symbol("SettingsPresenter")
        let output = try symbol("SettingsViewOutput")
        #expect(file(presenter).hasSuffix(".swift") && file(output).hasSuffix(".h"))
        #expect(index.conformers(of: output).map(\.name) == ["SettingsPresenter"])
        #expect(output.layer.layer == .presenter && output.isClassBound)
        // ...and an Objective-C wireframe builds the Swift presenter and interactor.
        let built = index.resolvedReferences.filter {
            index.files[$0.file].path == "Modules/Settings/SettingsWireframe.m" && $0.reference.kind == .instantiation
        }.map { index.symbols[$0.target].name }
        #expect(built == ["SettingsViewController", "SettingsPresenter", "SettingsInteractor"])
        // The Objective-C view names the Swift entity.
        #expect(index.resolvedReferences.contains {
            index.files[$0.file].path.hasSuffix("SettingsViewController.m") && index.symbols[$0.target].name == "UserPreferences"
        })
        #expect(try symbol("UserPreferences").layer.layer == .entity)
        #expect(try symbol("DetailWireframe").layer.layer == .router)
        #expect(try symbol("NoteStore").layer.layer == .service)
    }

    /// Issue 43: a table library's row items named `*CellPresenter` (subclasses of the library's
    /// item class) are no Presenters: no finding is about them or points at them.
    @Test(.enabled(if: Libclangs.any))
    func aPresenterNamedSubclassOfAnotherLibrarysClassIsNoPresenter() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write([
            "Place/PlaceInteractor.h": "#import <Foundation/Foundation.h>\n@interface PlaceInteractor : NSObject\n@end\n",
            "Place/PlacePresenter.h": "#import <Foundation/Foundation.h>\n@interface PlacePresenter : NSObject\n@end\n",
            "Place/PlaceViewController.h": "#import <UIKit/UIKit.h>\n@interface PlaceViewController : UIViewController\n@end\n",
            "Place/PlaceCellPresenter.h": """
                #import <RETableViewManager/RETableViewManager.h>
                @class PlaceTableViewCell;
                @interface PlaceCellPresenter : RETableViewItem
                @property (strong, nonatomic) PlaceTableViewCell *cell;
                @end

                """,
            "Place/PlaceTableViewCell.h": """
                #import <UIKit/UIKit.h>
                #import "PlaceCellPresenter.h"
                @interface PlaceTableViewCell : UITableViewCell
                @property (strong, nonatomic) PlaceCellPresenter *item;
                @end

                """,
        ], into: folder)
        let project = try Project.locate(paths: [folder.path], configuration: nil)
        let (index, _, _) = project.index()
        let item = try #require(TestProject.symbol("PlaceCellPresenter", in: index))
        #expect(item.layer.layer == nil)
        #expect(item.layer.note?.contains("it subclasses 'RETableViewItem', a class of another library") == true)
        #expect(try #require(TestProject.symbol("PlacePresenter", in: index)).layer.layer == .presenter)
        let result = project.lint()
        #expect(!result.violations.contains { $0.message.contains("PlaceCellPresenter") }, "\(result.violations.map(\.message))")
    }

    @Test(.enabled(if: Libclangs.any))
    func classifyListsHeadersAndImplementations() throws {
        let output = try CLI.run(["classify", Paths.fixture("ObjCVIPER").path])
        #expect(output.status == 0)
        for line in ["Modules/Detail/DetailWireframe.m", "Modules/Detail/DetailWireframe.h", "Modules/Settings/SettingsPresenter.swift"] {
            #expect(output.stdout.contains(line))
        }
        #expect(output.stdout.contains("DetailWireframe"))
    }

    /// Without libclang: the Objective-C files are left out with one note, not one per file.
    @Test func withoutLibclangTheFilesAreCountedInOneNote() throws {
        var project = try Project.locate(paths: [Paths.fixture("ObjCVIPER").path], configuration: nil)
        project.objectiveC = .search(LibclangLocator(candidates: ["/nonexistent/libclang.so"]))
        let result = project.lint(threads: 2)
        #expect(result.notes.count == 1)
        #expect(result.notes[0].hasPrefix("37 Objective-C files (.h, .m) were not analyzed: no libclang was found"))
        #expect(result.notes[0].contains("--libclang PATH"))
        #expect(result.index.files.allSatisfy { $0.path.hasSuffix(".swift") })
        #expect(result.skipped.isEmpty)
        // Said once in the machine-readable reports too: JSON `notes`, a SARIF notification, the dashboard.
        let context = ReportContext(displayPath: { $0 }, ruleSet: project.ruleSet)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONReporter.report(result).utf8)) as? [String: Any])
        #expect(json["notes"] as? [String] == result.notes)
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(SARIFReporter.report(result, context: context).utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let notifications = (run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]]
        #expect((notifications?.first?["message"] as? [String: Any])?["text"] as? String == result.notes[0])
        #expect(HTMLReporter.report(result, context: context).contains("<li>\(XMLText.escaped(result.notes[0]))</li>"))
        // The same findings as the pinned report for a run without libclang.
        let expected = try String(contentsOf: Paths.fixture("ObjCVIPER").appendingPathComponent("expected-without-libclang.json"), encoding: .utf8)
        let expectedFindings = try #require(try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? [String: Any])["violations"] as? [[String: Any]]
        #expect(result.violations.map { "\($0.rule) \($0.file):\($0.line)" } == expectedFindings?.map { "\($0["rule"]!) \($0["file"]!):\($0["line"]!)" })
    }

    @Test func libclangNoneThroughTheCLI() throws {
        let fixture = Paths.fixture("ObjCVIPER")
        let output = try CLI.run(["lint", fixture.path, "--libclang", "none", "--no-cache", "--report", "json"])
        let report = output.stdout.replacingOccurrences(of: "\"root\": \"\(fixture.path)\"", with: "\"root\": \".\"")
        #expect(report == (try String(contentsOf: fixture.appendingPathComponent("expected-without-libclang.json"), encoding: .utf8)))
        let text = try CLI.run(["lint", fixture.path, "--no-cache"], environment: ["VIPERLINT_LIBCLANG": "none"])
        #expect(text.stderr.components(separatedBy: "Objective-C files (.h, .m) were not analyzed").count == 2)
        #expect(text.stderr.contains("(VIPERLINT_LIBCLANG=none)"))
    }

    @Test func anExplicitLibclangThatCannotBeOpenedIsAnError() throws {
        let missing = try CLI.run(["lint", Paths.fixture("ClassicVIPER").path, "--libclang", "/nonexistent/libclang.so"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: cannot use libclang at /nonexistent/libclang.so: no such file or folder\n")
        let notALibrary = try CLI.run(["lint", Paths.fixture("ClassicVIPER").path, "--libclang", Paths.fixture("ClassicVIPER/.viperlint.json").path])
        #expect(notALibrary.status == 2)
        #expect(notALibrary.stderr.hasPrefix("error: cannot use libclang at "))
        let emptyFolder = try CLI.temporaryFolder()
        let folder = try CLI.run(["classify", Paths.fixture("ClassicVIPER").path, "--libclang", emptyFolder.path])
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("the folder holds no libclang.so, libclang.so.1 or libclang.dylib"))
    }

    /// A Swift-only project reads the same with and without libclang, and never looks for it.
    @Test(.enabled(if: Libclangs.any), arguments: ["ClassicVIPER", "RealWorld", "SwuiPWER"])
    func swiftProjectsAreUnchangedByLibclang(_ fixture: String) throws {
        var project = try Project.locate(paths: [Paths.fixture(fixture).path], configuration: nil)
        project.objectiveC = .off(reason: "test")
        let without = JSONReporter.report(project.lint(threads: 2))
        project.objectiveC = .libclang(try Libclang(path: Libclangs.available[0]))
        #expect(JSONReporter.report(project.lint(threads: 2)) == without)
        project.objectiveC = .search(LibclangLocator(candidates: []))
        #expect(project.lint(threads: 2).notes.isEmpty)
    }

    @Test(arguments: Libclangs.available)
    func hostileObjectiveCIsReadOrSkippedNeverACrash(libclang: String) throws {
        let clang = try Libclang(path: libclang)
        let deep = String(repeating: "if (x) { ", count: 2_000) + String(repeating: "}", count: 2_000)
        let cases: [(String, String)] = [
            ("Empty.m", ""),
            ("Unterminated.h", "@interface Open : NSObject\n@property (nonatomic) id x;\n"),
            ("Garbage.m", "@implementation ]]]] @end @end [[[ #import"),
            ("Deep.m", "void f(int x) { \(deep) }"),
            ("Macros.m", "#define X(a) [a foo]\n@implementation M\n- (void)m { X(self); X([M new]); }\n@end\n"),
            ("Cpp.h", "namespace app { class Thing { public: int x; }; }\n"),
        ]
        let sources = cases.map { SourceFile(relativePath: "Modules/Home/\($0.0)", text: $0.1) }
        let result = Linter.lint(sources: sources, manifests: [], ruleSet: ConfigurationLoader.defaultRuleSet, root: "/p",
                                 threads: 2, objectiveC: .libclang(clang))
        #expect(result.index.files.count + result.skipped.count == cases.count)
        #expect(result.skipped.map(\.path) == ["Modules/Home/Deep.m"])
        #expect(result.parseErrors.contains { $0.file == "Modules/Home/Garbage.m" })
    }
}
