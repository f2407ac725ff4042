import Foundation
import Testing
import ViperLintCore

/// The command-line contract: exit codes, reports, errors. Runs the real executable.
@Suite(.serialized) struct CLITests {
    /// The fixture's expected report: counts to compare the text output with.
    static func expected() throws -> (errors: Int, warnings: Int, files: Int, modules: Int) {
        let url = Paths.fixture("ClassicVIPER").appendingPathComponent("expected.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        let bySeverity = try #require(summary["bySeverity"] as? [String: Int])
        return (bySeverity["error"] ?? 0, bySeverity["warning"] ?? 0, summary["files"] as? Int ?? 0, summary["modules"] as? Int ?? 0)
    }

    @Test func lintingTheFixtureExitsOneWithClangStyleFindings() throws {
        let expected = try Self.expected()
        let output = try CLI.run(["lint", "Fixtures/ClassicVIPER"])
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.filter { $0.contains(": error: ") }.count == expected.errors)
        #expect(lines.filter { $0.contains(": warning: ") }.count == expected.warnings)
        // Each finding's first line and the other sites' notes are clang-style; the rest of a
        // message is on indented notes; the summary counts per rule, then totals.
        #expect(lines.dropLast(2).allSatisfy {
            $0.hasPrefix("  note: ") || $0.hasPrefix("Fixtures/ClassicVIPER/") && ($0.hasSuffix("]") || $0.contains(": note: "))
        })
        let byRule: String = "By rule: concrete-dependency 5, cross-module-reference 3, forbidden-import 3, layer-dependency 3, "
            + "dumb-view 1, entity-mutation 1, entity-pure-data 1, misplaced-service-call 1, module-completeness 1, module-construction 1, "
            + "module-cycle 1, presenter-navigation 1, router-business-logic 1, service-injection 1, state-write-access 1, unused-suppression 1, "
            + "weak-back-reference 1."
        #expect(lines[lines.count - 2] == byRule)
        #expect(output.stdout.contains("\n\(expected.errors) errors, \(expected.warnings) warnings in \(expected.files) files (\(expected.modules) modules). Rules: "))
        // What made the exit code, said on standard error.
        #expect(output.stderr.hasSuffix("exit 1: \(expected.errors) errors\n"))
        // Issue 29: the README quotes this summary; it must be the one the run prints.
        let readme = try String(contentsOf: Paths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let summary = try #require(lines.last.map(String.init))
        #expect(readme.contains("\n" + summary + "\n"), "README.md quotes another summary than: \(summary)")
        // It opens with its title, then the two set-up commands.
        #expect(readme.hasPrefix("# viperlint\n"))
        #expect(readme.contains("```sh\nswift run viperlint lint Fixtures/ClassicVIPER\nswift test\n```"))
    }

    @Test func cleanModuleExitsZero() throws {
        let output = try CLI.run(["lint", "Fixtures/ClassicVIPER/Modules/Home"])
        #expect(output.status == 0)
        #expect(output.stdout.hasPrefix("No violations in "))
    }

    @Test func warningsFailOnlyWithStrict() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write([
            ".viperlint.json": #"{ "version": 1, "rules": { "forbidden-import": "warning" } }"#,
            "Home/HomeInteractor.swift": "import UIKit\nfinal class HomeInteractor {}\n",
        ], into: folder)
        let relaxed = try CLI.run(["lint", folder.path])
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.contains(": warning: Interactor file of module 'Home' imports 'UIKit'"))
        let strict = try CLI.run(["lint", "--strict", folder.path])
        #expect(strict.status == 1)
    }

    @Test func withoutConfigurationTheDetectedPresetRunsAndTheSummarySaysWhich() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String: String] = [:]
        for scene in ["ListOrders", "ShowOrder"] {
            files["Scenes/\(scene)/\(scene)Interactor.swift"] = """
                protocol \(scene)BusinessLogic { func fetch() }
                final class \(scene)Interactor: \(scene)BusinessLogic { var presenter: \(scene)PresentationLogic?; func fetch() {} }
                """
            files["Scenes/\(scene)/\(scene)Presenter.swift"] = """
                protocol \(scene)PresentationLogic { func presentOrders() }
                final class \(scene)Presenter: \(scene)PresentationLogic { weak var viewController: \(scene)DisplayLogic?; func presentOrders() {} }
                """
            files["Scenes/\(scene)/\(scene)ViewController.swift"] = """
                protocol \(scene)DisplayLogic: AnyObject { func displayOrders() }
                final class \(scene)ViewController: \(scene)DisplayLogic { var interactor: \(scene)BusinessLogic?; func displayOrders() {} }
                """
        }
        try CLI.write(files, into: folder)
        let detected = try CLI.run(["lint", folder.path])
        #expect(detected.stdout.contains("Rules: preset 'clean-swift', detected (no .viperlint.json; 'viperlint init' writes one); 0 at error, "))
        let classified = try CLI.run(["classify", folder.path])
        #expect(classified.stderr.contains("classified with the preset 'clean-swift' that 'viperlint init' picks"))

        try CLI.write([".viperlint.json": #"{ "version": 1, "extends": "viper" }"#], into: folder)
        let configured = try CLI.run(["lint", folder.path])
        #expect(configured.status != 2)
        #expect(!configured.stdout.contains("Rules: preset"))
    }

    /// Issue 29: the first ten minutes. A mistyped command, a missing --config, --staged
    /// outside git and a YAML configuration without its version each say what is wrong.
    @Test func firstMistakesAreNamed() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write(["Home/HomeInteractor.swift": "final class HomeInteractor {}\n", ".viperlint.yml": "rules: {}\n"], into: folder)
        let typo = try CLI.run(["lnit"], in: folder)
        #expect(typo.status == 2 && typo.stderr.contains("no such file or folder: lnit; did you mean the command 'viperlint init'?"))
        let missingFolder = try CLI.run(["Modules"], in: folder)
        #expect(missingFolder.status == 2 && missingFolder.stderr == "error: no such file or folder: Modules\n")
        let config = try CLI.run(["lint", "--config", "nope.json"], in: folder)
        #expect(config.status == 2 && config.stderr.contains("no such configuration file: nope.json (given with --config)"))
        let staged = try CLI.run(["lint", "--staged"], in: folder)
        #expect(staged.status == 2 && staged.stderr.contains("is not in a git work tree (--staged and --changed-since ask git what changed)"))
        #expect(!staged.stderr.contains("fatal:"))
        // A YAML configuration is read (issue 44), and checked as strictly as JSON.
        let yaml = try CLI.run(["lint"], in: folder)
        #expect(yaml.status == 2 && yaml.stderr.contains("/.viperlint.yml:1:1: (top level): missing \"version\": 1"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".viperlint.yml"))
        // The exit line agrees with its count: one warning, then two.
        try CLI.write([".viperlint.json": #"{ "version": 1, "rules": { "forbidden-import": "warning" } }"#,
                       "Home/HomeInteractor.swift": "import UIKit\nfinal class HomeInteractor {}\n",
                       "Home/HomePresenter.swift": "final class HomePresenter {}\n"], into: folder)
        let one = try CLI.run(["lint"], in: folder)
        #expect(one.status == 0 && one.stderr.hasSuffix("exit 0: 1 warning does not fail the run (--strict makes it)\n"))
        try CLI.write(["Home/HomePresenter.swift": "import UIKit\nfinal class HomePresenter {}\n"], into: folder)
        #expect(try CLI.run(["lint"], in: folder).stderr.hasSuffix("exit 0: 2 warnings do not fail the run (--strict makes them)\n"))
        #expect(try CLI.run(["lint", "--strict"], in: folder).stderr.hasSuffix("exit 1: 2 warnings (--strict)\n"))
    }

    @Test func brokenConfigurationExitsTwoNamingKeyLineAndFix() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write([
            ".viperlint.json": "{\n  \"version\": 1,\n  \"rules\": { \"concrete-dependancy\": \"error\" }\n}\n",
            "A.swift": "struct A {}\n",
        ], into: folder)
        let output = try CLI.run(["lint", folder.path])
        #expect(output.status == 2)
        #expect(output.stderr.contains(".viperlint.json:3:14: rules.concrete-dependancy: unknown rule id 'concrete-dependancy'; did you mean 'concrete-dependency'?"))
        #expect(output.stdout.isEmpty)
    }

    @Test func missingPathAndUnwritableReportExitTwo() throws {
        let missing = try CLI.run(["lint", "No/Such/Folder"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file or folder: No/Such/Folder"))

        let report = try CLI.run(["lint", "Fixtures/ClassicVIPER", "--report", "json:/nonexistent-folder/r.json"])
        #expect(report.status == 2)
        #expect(report.stderr.contains("folder /nonexistent-folder does not exist"))
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-folder/r.json"))
    }

    @Test func usageErrorsKeepTheArgumentParsersCode() throws {
        let output = try CLI.run(["lint", "--report", "xml", "Fixtures/ClassicVIPER"])
        #expect(output.status == 64)
        let twice = try CLI.run(["lint", "--report", "json", "--report", "text", "Fixtures/ClassicVIPER"])
        #expect(twice.status == 64)
    }

    @Test func severalReportsInOneRun() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.json").path
        let expected = try Self.expected()
        let output = try CLI.run(["lint", "Fixtures/ClassicVIPER", "--report", "json:\(file)", "--report", "text", "--quiet"])
        #expect(output.status == 1)
        #expect(output.stdout.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }.count == expected.errors + expected.warnings)
        #expect(!output.stdout.contains("By rule"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
        #expect((json?["violations"] as? [Any])?.count == expected.errors + expected.warnings)
    }

    /// Issue 29: `viperlint rules` showed the built-in defaults in a project that set a rule
    /// to error. It shows the project's rules, each with where its severity comes from.
    @Test func rulesShowsTheProjectsEffectiveRules() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write([".viperlint.json": "{\n  \"version\": 1,\n  \"extends\": \"clean-swift\",\n  \"rules\": {\n    \"module-cycle\": { \"severity\": \"error\", \"measured\": \"our review, 2026-11: 12 of 12\" }\n  },\n"
                        + "  \"overrides\": [ { \"paths\": [\"Legacy/**\"], \"rules\": { \"forbidden-import\": \"off\" } } ]\n}\n"], into: folder)
        let rules = try CLI.run(["rules"], in: folder.appendingPathComponent(".").standardizedFileURL)
        #expect(rules.status == 0)
        let lines = rules.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Rules of ") == true && lines.first?.hasSuffix(".viperlint.json: 1 at error (they fail the run), 11 at warning, 5 off") == true)
        let cycle = try #require(lines.first { $0.hasPrefix("module-cycle ") })
        #expect(cycle.contains(" error ") && cycle.contains(".viperlint.json:5"))
        // Under each rule, the measurement behind its severity: the team's own where it records one.
        let cycleMeasured = try #require(lines.firstIndex(of: cycle).map { lines[$0 + 1] })
        #expect(cycleMeasured.trimmingCharacters(in: .whitespaces) == "measured: our review, 2026-11: 12 of 12")
        let imports = try #require(lines.first { $0.hasPrefix("forbidden-import ") })
        #expect(imports.contains(" warning ") && imports.contains("preset 'clean-swift' (+ overrides for Legacy/**)"))
        // The same project's lint summary counts the same gate.
        try CLI.write(["Home/HomeInteractor.swift": "final class HomeInteractor {}\n"], into: folder)
        #expect(try CLI.run(["lint"], in: folder).stdout.contains("Rules: 1 at error, 11 at warning, 5 off"))
        #expect(try CLI.run(["rules", "--defaults"], in: folder).stdout.hasPrefix("Built-in defaults (the 'viper' preset): 0 at error"))
        #expect(try CLI.run(["rules", "--config", "missing.json"], in: folder).status == 2)
    }

    @Test func rulesListsAndExplains() throws {
        let list = try CLI.run(["rules"])
        #expect(list.status == 0)
        // A line per rule and, under it, the measurement behind its severity.
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 * RuleRegistry.all.count + 1)
        for rule in RuleRegistry.all {
            let index = try #require(lines.firstIndex { $0.hasPrefix(rule.id + " ") })
            #expect(lines[index + 1].trimmingCharacters(in: .whitespaces) == "measured: \(rule.measured)")
        }
        #expect(list.stdout.contains("measured: V2 first look, 5ab45ae: 0.57, 47 of 47 findings reviewed; recall 0.60 (10 labels)"))
        #expect(list.stdout.contains("concrete-dependency     warning   default  A layer uses a concrete type"))
        #expect(list.stdout.contains("forbidden-import        warning   "))
        #expect(list.stdout.contains("cross-module-reference  off       "))
        let one = try CLI.run(["rules", "forbidden-import"])
        #expect(one.status == 0)
        #expect(one.stdout.hasPrefix("forbidden-import (default severity: warning; measured: V2 first look, 5ab45ae: 0.57"))
        #expect(one.stdout.contains("Triggering examples"))
        #expect(one.stdout.contains("↓import UIKit"))
        let unknown = try CLI.run(["rules", "forbiden-import"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'forbidden-import'?"))
    }

    /// Issue 44: docs/rules.md is generated from the rules' own documentation and examples;
    /// a stale copy fails here, with the command that regenerates it.
    @Test func docsRulesIsGeneratedFromTheRules() throws {
        let text = try String(contentsOf: Paths.packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(text == RuleDocumentation.markdown(), "docs/rules.md is stale: swift run viperlint rules --format markdown > docs/rules.md")
        for rule in RuleRegistry.all {
            #expect(text.contains("\n## \(rule.id)\n\n\(rule.summary).\n") && text.contains("(\(rule.measured))"), "\(rule.id)")
        }
        let printed = try CLI.run(["rules", "--format", "markdown"])
        #expect(printed.status == 0 && printed.stdout == text)
        #expect(try CLI.run(["rules", "forbidden-import", "--format", "markdown"]).status == 64)
    }

    @Test func classifyExplainsEveryDecision() throws {
        let output = try CLI.run(["classify", "Fixtures/ClassicVIPER"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("  protocol HomeInteractorOutput: layer Presenter (conformance: conformed to by HomePresenter); module Home (module folder: in module folder 'Modules/Home')"))
        #expect(output.stdout.contains("Files with no layer (3): not checked by layer rules.\n  App/AppDelegate.swift\n  Entities/SessionStore.swift\n  Settings/SettingsViewController.swift\n"))
        let json = try CLI.run(["classify", "Fixtures/ClassicVIPER", "--format", "json"])
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((parsed?["files"] as? [Any])?.count == (try Self.expected().files))
    }

    /// Issue 27: `classify --explain TYPE` prints the evidence for and against one type's layer.
    @Test func classifyExplainsOneType() throws {
        let presenter = try CLI.run(["classify", "Fixtures/ClassicVIPER", "--explain", "HomePresenter"])
        #expect(presenter.status == 0)
        #expect(presenter.stdout.hasPrefix("class HomePresenter at Modules/Home/HomePresenter.swift:3\n"))
        #expect(presenter.stdout.contains("  layer: Presenter, by type-name suffix: type name ends with 'Presenter'\n  against: nothing\n"))
        #expect(presenter.stdout.contains("  adopts: HomeViewOutput (Presenter), HomeInteractorOutput (Presenter)\n"))
        #expect(presenter.stdout.contains("  names: HomeViewInput (View)"))
        // A helper in a Model folder that nothing on the Interactor side uses: a candidate, with why.
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "Home/HomePresenter.swift": "final class HomePresenter {\n    func rows() -> [HomeRow] { [HomeRow(title: \"a\")] }\n}\n",
            "Home/HomeInteractor.swift": "final class HomeInteractor {}\n",
            "Model/HomeRow.swift": "struct HomeRow {\n    let title: String\n}\n",
        ]
        for (path, source) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try source.write(to: url, atomically: true, encoding: .utf8)
        }
        let row = try CLI.run(["classify", folder.path, "--explain", "HomeRow"])
        #expect(row.stdout.contains("  layer: none (a candidate at most: no finding is about it or points at it)\n"))
        #expect(row.stdout.contains("  against: ViewModel by folder name (in folder 'Model'; only the Presenter builds it and no Interactor or Service uses it"))
        #expect(row.stdout.contains("  used by: HomePresenter (Presenter)"))
        let unknown = try CLI.run(["classify", folder.path, "--explain", "Nowhere"])
        #expect(unknown.status == 2 && unknown.stderr.contains("no type named 'Nowhere'"))
    }

    @Test func initWritesOnceAndRefusesToReplaceWithoutForce() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.copyItem(at: Paths.fixture("CleanSwift"), to: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".viperlint.json"))

        let printed = try CLI.run(["init", folder.path, "--output", "-"])
        #expect(printed.status == 0)
        #expect(printed.stdout == "{\n  \"version\": 1,\n  \"extends\": \"clean-swift\"\n}\n")
        #expect(printed.stderr.contains("chosen preset: clean-swift"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".viperlint.json").path))

        let written = try CLI.run(["init", folder.path])
        #expect(written.status == 0)
        let again = try CLI.run(["init", folder.path, "--preset", "viper"])
        #expect(again.status == 2)
        #expect(again.stderr.contains("exists; use --force"))
        let forced = try CLI.run(["init", folder.path, "--preset", "viper", "--force"])
        #expect(forced.status == 0)
        let text = try String(contentsOf: folder.appendingPathComponent(".viperlint.json"), encoding: .utf8)
        #expect(text.contains("\"extends\": \"viper\""))
    }

    /// Issue 43: `init` measures the arrows most modules take and allows them, with their
    /// counts in a `$comment`, so the configuration it proposes reports deviations from the
    /// team's design; an arrow VIPER itself forbids (Views naming entities) stays reported
    /// however many modules take it.
    @Test func initAllowsTheArrowsMostModulesTakeButNotVIPERsOwn() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files = ["Entities/Order.swift": "struct Order: Codable {\n    let id: Int\n}\n"]
        // Every View holds its concrete Presenter (5 of 5 modules); 3 Presenters of 5 hold their
        // concrete Router (below two thirds: no convention); every View names an entity.
        for (number, module) in ["Home", "Cart", "Profile", "Orders", "Search"].enumerated() {
            let router = number < 3 ? "\(module)Router" : "\(module)RouterInput"
            files["Modules/\(module)/\(module)Contracts.swift"] = "protocol \(module)InteractorInput: AnyObject {}\nprotocol \(module)RouterInput: AnyObject {}\n"
            files["Modules/\(module)/\(module)Interactor.swift"] = "final class \(module)Interactor: \(module)InteractorInput {}\n"
            files["Modules/\(module)/\(module)Router.swift"] = "final class \(module)Router: \(module)RouterInput {}\n"
            files["Modules/\(module)/\(module)Presenter.swift"] = """
                final class \(module)Presenter {
                    var interactor: \(module)InteractorInput?
                    var router: \(router)?
                }

                """
            files["Modules/\(module)/\(module)ViewController.swift"] = """
                import UIKit

                final class \(module)ViewController: UIViewController {
                    var presenter: \(module)Presenter?
                    var order: Order?
                }

                """
        }
        try CLI.write(files, into: folder)
        let before = try CLI.run(["lint", folder.path, "--no-cache", "--report", "json"])
        let concreteBefore = before.stdout.components(separatedBy: "\"rule\": \"concrete-dependency\"").count - 1
        #expect(concreteBefore == 8, "5 Views hold their Presenters and 3 Presenters their Routers concretely: \(before.stdout)")

        let initialized = try CLI.run(["init", folder.path])
        #expect(initialized.status == 0)
        #expect(initialized.stderr.contains("the team's convention: View -> Presenter in 5 of 5 modules"))
        #expect(!initialized.stderr.contains("Presenter -> Router"))
        #expect(initialized.stderr.contains("View -> Entity in 5 of 5 modules: VIPER's own rule, kept"))
        let written = try String(contentsOf: folder.appendingPathComponent(".viperlint.json"), encoding: .utf8)
        #expect(written.contains("\"$comment\"") && TeamConventionTests.conventions(written) == ["View -> Presenter 5 of 5"], "\(written)")
        #expect(!written.contains("\"dependencies\""))
        // Again, warm: the run of the first init is the project's stored outcome, reported as it
        // is, and init still counts the modules that have each layer (it once counted none,
        // and called 3 of 5 "3 of 3").
        let warm = try CLI.run(["init", folder.path, "--output", "-"])
        #expect(warm.stdout == written && !warm.stderr.contains("Presenter -> Router"))

        let after = try CLI.run(["lint", folder.path, "--no-cache", "--report", "json"])
        #expect(after.status == 0 || after.status == 1, "\(after.stderr)")
        let concreteAfter = after.stdout.components(separatedBy: "\"rule\": \"concrete-dependency\"").count - 1
        #expect(concreteAfter == 3, "the Views' convention is allowed, the Presenters' exceptions stay: \(after.stdout)")
        #expect(after.stdout.contains("\"layer-dependency\""), "Views naming entities stay reported: \(after.stdout)")
        // `lint --explain` names what the convention spares: the five Views' concrete Presenters.
        let explained = try CLI.run(["lint", folder.path, "--explain", "--quiet"])
        #expect(explained.stderr.contains("the convention View -> Presenter in 5 of 5 modules spares 5 findings:\n"), "\(explained.stderr)")
        // Its paths are the report's: relative to the working directory, so absolute for this temporary folder.
        #expect(explained.stderr.contains("/Modules/Cart/CartViewController.swift:4: [concrete-dependency] View 'CartViewController.presenter'"), "\(explained.stderr)")
        #expect(!explained.stderr.contains("  Modules/Cart/"), "\(explained.stderr)")
        #expect(explained.stdout == (try CLI.run(["lint", folder.path, "--quiet"])).stdout, "--explain adds notes, never findings")
        // The configuration in effect spells the convention once, as itself, and reads back the same.
        let config = try CLI.run(["config", folder.path])
        #expect(TeamConventionTests.conventions(config.stdout) == ["View -> Presenter 5 of 5"], "\(config.stdout)")
        let dependencies = try #require(try JSONSerialization.jsonObject(with: Data(config.stdout.utf8)) as? [String: Any])["dependencies"] as? [String: [String: [String]]]
        #expect(dependencies?["View"]?["allow"]?.contains("Presenter") == false)
    }

    /// `lint --explain` over a project holding another: each spared finding's path is the
    /// report's, so the inner project's files are told from the outer one's (both once printed
    /// "Modules/Home/HomePresenter.swift"), and a configuration without conventions is named.
    @Test func explainTellsNestedProjectsApart() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String: String] = [:]
        let configuration = #"{ "version": 1, "conventions": [ { "from": "Presenter", "to": "Router", "modules": 1, "of": 1 } ] }"#
        for prefix in ["", "Inner/"] {
            files["\(prefix)Modules/Home/HomeContracts.swift"] = "protocol HomeRouterInput: AnyObject {}\n"
            files["\(prefix)Modules/Home/HomeRouter.swift"] = "final class HomeRouter: HomeRouterInput {}\n"
            files["\(prefix)Modules/Home/HomePresenter.swift"] = "final class HomePresenter {\n    var router: HomeRouter?\n}\n"
            files["\(prefix).viperlint.json"] = configuration
        }
        files["Plain/.viperlint.json"] = #"{ "version": 1 }"#
        files["Plain/Modules/Home/HomeRouter.swift"] = "final class HomeRouter {}\n"
        try CLI.write(files, into: folder)
        let explained = try CLI.run(["lint", folder.path, "--explain", "--quiet"])
        #expect(explained.stderr.contains("/Inner/Modules/Home/HomePresenter.swift:2: [concrete-dependency]"), "\(explained.stderr)")
        #expect(explained.stderr.components(separatedBy: "/Modules/Home/HomePresenter.swift:2: [concrete-dependency]").count == 3, "\(explained.stderr)")
        #expect(explained.stdout == (try CLI.run(["lint", folder.path, "--quiet"])).stdout, "--explain adds notes, never findings")
        let named = try CLI.run(["lint", folder.path, "--explain"])
        #expect(named.stderr.contains("no conventions in ") && named.stderr.contains("/Plain/.viperlint.json: no finding is spared by one"), "\(named.stderr)")
    }

    /// A `conventions` entry is checked like every key: which entry, what was expected.
    @Test func aBrokenConventionIsAClearConfigurationError() throws {
        for (entry, expected) in [
            (#"{ "from": "View", "to": "Presenter", "modules": 5, "of": 4 }"#, "5 modules of 4"),
            (#"{ "from": "View", "to": "Presenterr", "modules": 1, "of": 4 }"#, "Presenterr"),
            (#"{ "from": "View", "modules": 1, "of": 4 }"#, "needs \"from\" and \"to\""),
            (#"{ "from": "View", "to": "View", "modules": 4, "of": 4 }"#, "to itself"),
            (#"{ "from": "View", "to": "Presenter", "modules": 4, "of": 4, "why": "x" }"#, "why"),
            // The same arrow twice, with other counts: neither could be said to win.
            (#"{ "from": "View", "to": "Presenter", "modules": 4, "of": 4 }, { "from": "View", "to": "Presenter", "modules": 3, "of": 7 }"#,
             "conventions[1]: View -> Presenter is already listed (conventions[0]); list each arrow once"),
            (#"{ "from": "View", "to": "Presenter", "modules": 4, "of": 4 }, { "from": "View", "to": "Presenter", "modules": 4, "of": 4 }"#, "already listed"),
        ] {
            let configuration = #"{ "version": 1, "extends": "viper", "conventions": [ "# + entry + " ] }"
            #expect(throws: ConfigurationError.self) { try ConfigurationLoader.decode(configuration, file: "c.json") }
            do {
                _ = try ConfigurationLoader.decode(configuration, file: "c.json")
            } catch {
                #expect("\(error)".contains(expected), "\(error)")
            }
        }
        let valid = try ConfigurationLoader.decode(#"{ "version": 1, "extends": "viper", "conventions": [ { "from": "View", "to": "Presenter", "modules": 4, "of": 4 } ] }"#, file: "c.json")
        #expect(valid.dependencies(of: .view).allow.contains(.presenter) && !valid.dependencies(of: .view).viaProtocol.contains(.presenter))
        #expect(!valid.withoutConventions().dependencies(of: .view).allow.contains(.presenter))
        #expect(valid.conventions.map(\.counted) == ["View -> Presenter in 4 of 4 modules"])
    }

    /// Issue 55: `init --explain` prints every arrow the preset forbids with its count and
    /// decision. A UI framework every module's Presenter imports is counted, not allowed:
    /// reviewers accept those findings however many modules share them.
    @Test func initExplainCountsEveryArrowAndNeverAllowsAUIFramework() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String: String] = [:]
        for (number, module) in ["Home", "Cart", "Profile", "Orders"].enumerated() {
            files["Modules/\(module)/\(module)Contracts.swift"] = "protocol \(module)InteractorInput: AnyObject {}\nprotocol \(module)RouterInput: AnyObject {}\n"
            files["Modules/\(module)/\(module)Interactor.swift"] = (number < 3 ? "import UIKit\n\n" : "") + "final class \(module)Interactor: \(module)InteractorInput {}\n"
            files["Modules/\(module)/\(module)Router.swift"] = "final class \(module)Router: \(module)RouterInput {}\n"
            files["Modules/\(module)/\(module)Presenter.swift"] = """
                import UIKit

                final class \(module)Presenter {
                    var interactor: \(module)InteractorInput?
                    var router: \(number < 2 ? "\(module)Router" : "\(module)RouterInput")?
                    let icon = UIImage(named: "\(module)")
                }

                """
            files["Modules/\(module)/\(module)ViewController.swift"] = "import UIKit\n\nfinal class \(module)ViewController: UIViewController {\n    var presenter: \(module)Presenter?\n}\n"
        }
        try CLI.write(files, into: folder)
        let initialized = try CLI.run(["init", folder.path, "--explain"])
        #expect(initialized.status == 0, "\(initialized.stderr)")
        let table = """
            arrows the preset forbids, by the modules that take them:
              View -> Presenter         4 of 4 modules  allowed: the team's convention
              Presenter -> Router       2 of 4 modules  kept: in fewer than 3 modules
              Presenter imports UIKit   4 of 4 modules  kept: VIPER's own rule, findings to fix or baseline
              Interactor imports UIKit  3 of 4 modules  kept: VIPER's own rule, findings to fix or baseline

            """
        #expect(initialized.stderr.contains(table), "\(initialized.stderr)")
        #expect(initialized.stderr.contains("the team's convention: View -> Presenter in 4 of 4 modules"))
        let written = try String(contentsOf: folder.appendingPathComponent(".viperlint.json"), encoding: .utf8)
        #expect(!written.contains("forbidden-import") && TeamConventionTests.conventions(written) == ["View -> Presenter 4 of 4"], "\(written)")
        let after = try CLI.run(["lint", folder.path, "--no-cache", "--report", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any])
        let imports = (report["violations"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == ForbiddenImportRule.id }
        #expect(imports.count == 7, "4 Presenters and 3 Interactors still import UIKit: \(imports)")
        // Without --explain the table is not printed.
        let quiet = try CLI.run(["init", folder.path, "--output", "-"])
        #expect(!quiet.stderr.contains("arrows the preset forbids"))
    }

    @Test func configPrintsTheConfigurationInEffect() throws {
        let output = try CLI.run(["config", "Fixtures/LayerFirst"])
        #expect(output.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let dependencies = json?["dependencies"] as? [String: [String: [String]]]
        #expect(dependencies?["Presenter"]?["allow"]?.contains("Interactor") == true)
        let preset = try CLI.run(["config", "--preset", "clean-swift"])
        #expect(preset.stdout.contains("\"extends\": \"clean-swift\""))
        #expect(try CLI.run(["config", "--preset", "vipr"]).status == 64)
    }

    /// A git repository with a committed clean module, for the changed-files modes.
    static func gitProject() throws -> URL {
        let folder = try CLI.temporaryFolder()
        try CLI.write([
            "Home/HomePresenter.swift": "protocol HomeInteractorOutput: AnyObject {}\nfinal class HomePresenter: HomeInteractorOutput {}\n",
            "Home/HomeInteractor.swift": "final class HomeInteractor {\n    weak var output: HomeInteractorOutput?\n}\n",
            "Cart/CartPresenter.swift": "final class CartPresenter {}\n",
            "Cart/CartInteractor.swift": "import UIKit\nfinal class CartInteractor {}\n",
        ], into: folder)
        for arguments in [["init", "-q"], ["config", "user.email", "t@example.invalid"], ["config", "user.name", "t"],
                          ["add", "."], ["commit", "-q", "-m", "start"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git"] + arguments
            process.currentDirectoryURL = folder
            try process.run()
            process.waitUntilExit()
        }
        return folder
    }

    @Test func stagedAndChangedSinceReportOnlyTheChangedFiles() throws {
        let folder = try Self.gitProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let nothing = try CLI.run(["lint", "--staged"], in: folder)
        #expect(nothing.status == 0)
        #expect(nothing.stderr.contains("no changed source files"))

        // The committed CartInteractor imports UIKit, but only the changed Home file is reported.
        try "import UIKit\nfinal class HomeInteractor {\n    var output: HomePresenter?\n}\n"
            .write(to: folder.appendingPathComponent("Home/HomeInteractor.swift"), atomically: true, encoding: .utf8)
        let unstaged = try CLI.run(["lint", "--staged"], in: folder)
        #expect(unstaged.status == 0)
        let changed = try CLI.run(["lint", "--strict", "--changed-since", "HEAD", "--report", "json"], in: folder)
        #expect(changed.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(changed.stdout.utf8)) as? [String: Any]
        let files = Set(((json?["violations"] as? [[String: Any]]) ?? []).compactMap { $0["file"] as? String })
        #expect(files == ["Home/HomeInteractor.swift"])
        // The summary counts the files reported on (issue 44); the whole project is still indexed.
        #expect((json?["summary"] as? [String: Any])?["files"] as? Int == 1)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "add", "Home/HomeInteractor.swift"]
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        let staged = try CLI.run(["lint", "--strict", "--staged", "--quiet"], in: folder)
        #expect(staged.status == 1)
        let findings = staged.stdout.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(!findings.isEmpty && findings.allSatisfy { $0.hasPrefix("Home/HomeInteractor.swift:") })
        #expect(try CLI.run(["lint", "--changed-since", "no-such-revision"], in: folder).status == 2)
        #expect(try CLI.run(["lint", "--staged", "Home"], in: folder).status == 64)
    }

    /// Issue 29: `init` chose the classic preset for a SwiftUI app on two points without a
    /// word of doubt. It says when it is unsure, and what the gate will refuse.
    @Test func initSaysWhenItIsUnsureAndWhatWillBlock() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write(["Home/HomeView.swift": "import SwiftUI\nstruct HomeView: View { var body: some View { Text(\"x\") } }\n",
                       "Home/HomeRouter.swift": "protocol HomeRouting: AnyObject {}\n"], into: folder)
        let thin = try CLI.run(["init", "--output", "-"], in: folder)
        #expect(thin.status == 0)
        #expect(thin.stderr.contains("warning: unsure which preset fits: little evidence for 'viper'"))
        #expect(thin.stderr.contains("choose with --preset NAME"))
        #expect(thin.stderr.contains("the pre-commit hook and CI gate with this configuration: nothing is refused (no rule is at error)"))
        let chosen = try CLI.run(["init", "--output", "-", "--preset", "viper-layer-first"], in: folder)
        #expect(!chosen.stderr.contains("unsure"))
        let clear = try CLI.run(["init", Paths.fixture("CleanSwift").path, "--output", "-"])
        #expect(clear.stderr.contains("chosen preset: clean-swift") && !clear.stderr.contains("unsure"))
        // Issue 44: an app with findings is told how to adopt viperlint without a cleanup.
        #expect(clear.stderr.contains(/today: [1-9]\d* findings? with the preset alone/))
        #expect(clear.stderr.contains("viperlint lint --write-baseline viperlint-baseline.json && viperlint install-hook -- --baseline viperlint-baseline.json"))
    }

    @Test func installHookWritesAnExecutableHookOnce() throws {
        let folder = try Self.gitProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try CLI.run(["install-hook"], in: folder)
        #expect(first.status == 0)
        let hook = folder.appendingPathComponent(".git/hooks/pre-commit")
        let text = try String(contentsOf: hook, encoding: .utf8)
        #expect(text.contains("lint --staged --quiet"))
        #expect(FileManager.default.isExecutableFile(atPath: hook.path))
        // Issue 29: it says what will block a commit in this project.
        // Issue 43: no default rule is at error until it is right at least 95% of the time on apps nobody here has seen.
        #expect(first.stderr.contains("without .viperlint.json (built-in defaults; 'viperlint init' writes one): nothing is refused (no rule is at error)"))
        try CLI.write([".viperlint.json": #"{ "version": 1, "rules": { "forbidden-import": "error", "weak-back-reference": "error", "state-write-access": "off" } }"#],
                      into: folder)
        let strict = try CLI.run(["install-hook", "--force"], in: folder)
        #expect(strict.stderr.contains("with .viperlint.json: findings of forbidden-import, weak-back-reference are refused (error)"))
        #expect(try CLI.run(["install-hook"], in: folder).status == 2)
        #expect(try CLI.run(["install-hook", "--force"], in: folder).status == 0)
        let outside = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        #expect(try CLI.run(["install-hook"], in: outside).status == 2)
    }

    /// Issue 44: `install-hook -- OPTIONS` gives the hook's lint those options, each quoted for
    /// the shell; options lint would refuse are refused at install, and nothing is written.
    @Test func installHookPassesItsLintOptionsOn() throws {
        let folder = try Self.gitProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hook = folder.appendingPathComponent(".git/hooks/pre-commit")
        let bogus = try CLI.run(["install-hook", "--", "--no-such-option"], in: folder)
        #expect(bogus.status == 64 && bogus.stderr.contains("the hook's lint options are not valid"), "\(bogus.stderr)")
        #expect(!FileManager.default.fileExists(atPath: hook.path))
        let installed = try CLI.run(["install-hook", "--", "--strict", "--baseline", "it's $(base).json"], in: folder)
        #expect(installed.status == 0, "\(installed.stderr)")
        let text = try String(contentsOf: hook, encoding: .utf8)
        let lint = try #require(text.split(separator: "\n").first { $0.hasPrefix(#""$viperlint" lint"#) })
        #expect(lint == #""$viperlint" lint --staged --quiet '--strict' '--baseline' 'it'\''s $(base).json'"#)
        #expect(text.contains("viperlint: commit refused by the findings above, which it adds") && text.contains("git commit --no-verify"))
        // The shell reads back exactly the words given.
        let words = try CLI.run(["-c", String(lint).replacingOccurrences(of: #""$viperlint" lint"#, with: "printf '%s\\n'")],
                                executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(words.stdout == "--staged\n--quiet\n--strict\n--baseline\nit's $(base).json\n")
    }

    /// Issue 17: a progress line on standard error only when asked for (or on a terminal);
    /// never mixed into the report on standard output.
    @Test func progressLineOnlyWhenAskedAndNeverInTheReport() throws {
        let fixture = Paths.fixture("ClassicVIPER").path
        let now: [String: String?] = ["VIPERLINT_PROGRESS_AFTER": "0"]
        let forced = try CLI.run(["lint", fixture, "--no-cache", "--progress"], environment: now)
        #expect(forced.stderr.contains("viperlint: parsing "))
        #expect(forced.stderr.contains(" files\n"))
        let plain = try CLI.run(["lint", fixture, "--no-cache"], environment: now)
        #expect(!plain.stderr.contains("viperlint: parsing"), "standard error is a pipe here: no progress by default")
        #expect(plain.stdout == forced.stdout)
        let off = try CLI.run(["lint", fixture, "--no-cache", "--no-progress"], environment: now)
        #expect(!off.stderr.contains("viperlint: parsing"))
        // Not before the delay: a fast run shows nothing.
        let fast = try CLI.run(["lint", fixture, "--no-cache", "--progress"], environment: ["VIPERLINT_PROGRESS_AFTER": "60"])
        #expect(!fast.stderr.contains("viperlint: parsing"))
    }

    /// Issue 17: `classify` and `init` read and fill the same fact cache as `lint`.
    @Test func classifyAndInitShareTheLintCache() throws {
        let cache = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let fixture = Paths.fixture("SwiftUIVIPER").path
        let classified = try CLI.run(["classify", fixture, "--cache-path", cache.path])
        #expect(classified.status == 0)
        let lint = try CLI.run(["lint", fixture, "--cache-path", cache.path, "--verbose"])
        #expect(lint.stderr.contains(" 0 parsed"), "\(lint.stderr)")
        let output = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let initRun = try CLI.run(["init", fixture, "--cache-path", cache.path, "--output", output.appendingPathComponent("c.json").path])
        #expect(initRun.status == 0)
        let uncached = try CLI.run(["classify", fixture, "--no-cache"])
        #expect(uncached.stdout == classified.stdout)
    }
}
