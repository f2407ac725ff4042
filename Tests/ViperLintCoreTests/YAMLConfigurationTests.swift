import Foundation
import Testing
@testable import ViperLintCore

/// Issue 44: `.viperlint.yml` beside `.viperlint.json`, with the same schema, strictness and
/// line-and-column errors, and refusing what YAML has and JSON has not.
@Suite struct YAMLConfigurationTests {
    func decodeYAML(_ text: String) throws(ConfigurationError) -> RuleSet {
        try ConfigurationLoader.decode(text, file: "c.yml")
    }

    /// The error of a YAML text that must be refused, as the CLI prints it.
    func refusal(_ text: String) -> String? {
        do {
            _ = try decodeYAML(text)
            return nil
        } catch {
            return error.messageLines.joined(separator: "\n")
        }
    }

    @Test func yamlEqualToJSONGivesTheSameRuleSet() throws {
        let json = """
            {
              "version": 1, "extends": "clean-swift",
              "include": ["App/**"], "exclude": ["App/Generated/**"],
              "scope": { "skipGenerated": false },
              "layers": { "Service": { "paths": ["App/Shared/**"], "typeSuffixes": ["Client"] } },
              "dependencies": { "Presenter": { "allow": ["Interactor", "Router"] } },
              "rules": { "forbidden-import": "off", "layer-dependency": { "severity": "warning" } },
              "overrides": [ { "paths": ["App/Legacy/**"], "rules": { "layer-dependency": "off" } } ]
            }
            """
        let yaml = """
            version: 1
            extends: clean-swift
            include: [App/**]
            exclude:
              - 'App/Generated/**'
            scope:
              skipGenerated: false
            layers:
              Service: { paths: ["App/Shared/**"], typeSuffixes: [Client] }
            dependencies:
              Presenter:
                allow:
                  - Interactor
                  - Router
            rules:
              forbidden-import: off
              layer-dependency:
                severity: warning
            overrides:
              - paths: [App/Legacy/**]
                rules:
                  layer-dependency: off
            """
        var fromJSON = try ConfigurationLoader.decode(json, file: "c.json")
        var fromYAML = try decodeYAML(yaml)
        // Overrides keep their rules' located values: the same values at other lines.
        #expect(fromYAML.overrides.map(\.paths) == fromJSON.overrides.map(\.paths))
        #expect(fromYAML.overrides.map { $0.rules.mapValues(\.value) } == fromJSON.overrides.map { $0.rules.mapValues(\.value) })
        #expect(fromYAML.overrides.first?.rules["layer-dependency"]?.position == SourcePosition(line: 22, column: 25))
        fromJSON.overrides = []
        fromYAML.overrides = []
        #expect(fromYAML == fromJSON)
        #expect(fromYAML.severity(of: "forbidden-import") == .off)
        #expect(fromYAML != ConfigurationLoader.defaultRuleSet)
    }

    @Test func theYAMLSampleIsTheJSONSample() throws {
        let samples = ConfigurationTests.samples.appendingPathComponent("valid")
        let json = try ConfigurationLoader.load(file: samples.appendingPathComponent("modules-and-globs.json"))
        let yaml = try ConfigurationLoader.load(file: samples.appendingPathComponent("modules-and-globs.yml"))
        #expect(yaml == json)
    }

    /// JSON is YAML's flow style: the JSON samples and rules.json read as YAML give the same rules,
    /// so the pre-scan refuses nothing a JSON configuration holds.
    @Test(arguments: ConfigurationTests.sampleFiles("valid").filter { $0.hasSuffix(".json") }.map { "Tests/ConfigSamples/valid/" + $0 } + ["rules.json"])
    func jsonReadAsYAMLGivesTheSameRuleSet(_ path: String) throws {
        let text = try String(contentsOf: Paths.packageRoot.appendingPathComponent(path), encoding: .utf8)
        var fromJSON = try ConfigurationLoader.decode(text, file: "c.json")
        var fromYAML = try decodeYAML(text)
        #expect(fromYAML.overrides.map { $0.rules.mapValues(\.value) } == fromJSON.overrides.map { $0.rules.mapValues(\.value) })
        fromJSON.overrides = []
        fromYAML.overrides = []
        #expect(fromYAML == fromJSON)
    }

    static func output(_ value: JSONValue) -> JSONOutput {
        switch value {
        case let .object(members): return .object(members.map { ($0.key, output($0.value.value)) })
        case let .array(elements): return .array(elements.map { output($0.value) })
        case let .string(text): return .string(text)
        case let .number(number): return .integer(Int(number))
        case let .bool(flag): return .bool(flag)
        case .null: return .null
        }
    }

    /// `init --yaml`'s writer: rules.json written as YAML reads back as the same rules, and
    /// strings YAML would read otherwise are quoted.
    @Test func theYAMLWriterRoundTrips() throws {
        let text = try String(contentsOf: Paths.packageRoot.appendingPathComponent("rules.json"), encoding: .utf8)
        let yaml = Self.output(try JSONParser.parse(text).value).renderedYAML()
        #expect(try decodeYAML(yaml) == ConfigurationLoader.decode(text, file: "rules.json"))
        let tricky: [String] = ["off", "true", "null", "12", "1e3", "**/Tests/**", "a: b", "a #b", "- x", "", " x", "x:", "it's", "\"q\"", "a\nb", "~", "&a", "!t", "0x1F", ".inf"]
        let document = JSONOutput.object(tricky.enumerated().map { ("k\($0.offset)", .string($0.element)) } + [("list", .array(tricky.map { .string($0) }))])
        let read = try YAMLConfigurationParser.parse(document.renderedYAML())
        guard case let .object(members) = read.value, case let .array(list) = members.last?.value.value else {
            Issue.record("unexpected \(read)")
            return
        }
        #expect(members.dropLast().map(\.value.value) == tricky.map { .string($0) })
        #expect(list.map(\.value) == tricky.map { .string($0) })
        #expect(JSONOutput.object([("a", .array([.object([("b", .integer(1)), ("c", .array([.array([.bool(true)])]))])]))]).renderedYAML()
                == "a:\n  - b: 1\n    c:\n      - - true\n")
    }

    /// What the pre-scan must not take for an anchor, an alias or nesting: comments, quotes,
    /// block scalars, globs in the middle of a plain scalar, explicit keys.
    @Test func thePreScanLeavesValidYAMLAlone() throws {
        let text = """
            %YAML 1.2
            ---
            # &anchor *alias [[[ in a comment
            version: 1   # *not an alias
            $comment:
              - "a # b & c * d [ {"
              - 'it''s [ & * '
              - |
                - *text
                  & [[[ {
              - >-
                folded *text
              - plain text with & and * and [ inside
              - "two
                lines ["
            include: [ "App/**", 'Lib/*/**' ]
            ? exclude
            : [App/Generated/**, App/*/Mocks/**]
            ...
            """
        let document = try YAMLConfigurationParser.parse(text)
        guard case let .object(members) = document.value, members.count == 4, case let .array(notes) = members[1].value.value else {
            Issue.record("unexpected tree \(document)")
            return
        }
        #expect(members.map(\.key) == ["version", "$comment", "include", "exclude"])
        #expect(notes.map(\.value) == [.string("a # b & c * d [ {"), .string("it's [ & * "), .string("- *text\n  & [[[ {\n"),
                                       .string("folded *text"), .string("plain text with & and * and [ inside"), .string("two lines [")])
        #expect(members[3].value.value == .array([JSONValue.Located(value: .string("App/Generated/**"), position: SourcePosition(line: 18, column: 4)),
                                                  JSONValue.Located(value: .string("App/*/Mocks/**"), position: SourcePosition(line: 18, column: 22))]))
    }

    /// YAML 1.2's core schema: `off`, `yes`, `no` are strings; quoted values are strings.
    @Test func plainScalarsResolveByTheCoreSchema() throws {
        let document = try YAMLConfigurationParser.parse("""
            a: off
            b: yes
            c: true
            d: 12
            e: -1.5e3
            f: ~
            g: "true"
            h: 0x1F
            i:
            j: !!str 3
            k: |
              text
            """)
        guard case let .object(members) = document.value else { Issue.record("not an object"); return }
        let values = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value.value) })
        #expect(values["a"] == .string("off"))
        #expect(values["b"] == .string("yes"))
        #expect(values["c"] == .bool(true))
        #expect(values["d"] == .number(12))
        #expect(values["e"] == .number(-1500))
        #expect(values["f"] == .null)
        #expect(values["g"] == .string("true"))
        #expect(values["h"] == .number(31))
        #expect(values["i"] == .null)
        #expect(values["j"] == .string("3"))
        #expect(values["k"] == .string("text"))
        #expect(members.map(\.keyPosition.line) == Array(1...11))
        #expect(members[1].value.position == SourcePosition(line: 2, column: 4))
    }

    @Test func problemsNameTheYAMLLineAndColumn() {
        // A misspelled key, a wrong type and a YAML 1.1 boolean, all reported at once.
        let text = """
            version: 1
            rules:
              layer-dependancy: error
            scope:
              skipGenerated: yes
            include: "**/*.swift"
            """
        #expect(refusal(text) == """
            invalid configuration c.yml (3 problems):
            c.yml:6:10: include: expected an array, found a string
            c.yml:5:18: scope.skipGenerated: expected true or false, found a string
            c.yml:3:3: rules.layer-dependancy: unknown rule id 'layer-dependancy'; did you mean 'layer-dependency'?; run 'viperlint rules' for the list
            """)
        #expect(refusal("version: 1\nrules: [\n") == "c.yml:3:1: invalid YAML: did not find expected node content (while parsing a flow node at 3:1)")
        #expect(refusal("version: 1\n  extends: viper\n")?.hasPrefix("c.yml:2:10: invalid YAML: mapping values are not allowed") == true)
        #expect(refusal("version: 1\nversion: 1\n") == "c.yml:1:1: invalid YAML: duplicate key 'version'")
        #expect(refusal("1: 2\n") == #"c.yml:1:1: invalid YAML: the key '1' is a number, not a string: quote it ("1")"#)
        #expect(refusal("? [a]\n: 2\n") == "c.yml:1:3: invalid YAML: a key must be a string, not a mapping or a list")
        #expect(refusal("") == "c.yml:1:1: invalid YAML: the file holds no YAML document: expected a mapping such as 'version: 1'")
        // JSON keeps saying JSON.
        #expect(throws: ConfigurationError.syntax(file: "c.json", JSONSyntaxError(message: "unexpected end of file, expected a value",
                                                                                   position: SourcePosition(line: 1, column: 1)))) {
            try ConfigurationLoader.decode("", file: "c.json")
        }
    }

    /// Hostile files end in a clear error (exit 2 in the CLI), quickly, without a crash.
    @Test func hostileInputsAreRefused() throws {
        let start = Date()
        var laughs = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = level == 1 ? "a" : "a\(level - 1)"
            laughs += "a\(level): &a\(level) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        #expect(refusal(laughs)?.hasPrefix("c.yml:1:4: invalid YAML: '&' starts an anchor (&name)") == true)
        #expect(refusal("version: 1\nexclude:\n  - **/Tests/**\n")?.contains("c.yml:3:5: invalid YAML: '*' starts an alias (*name)") == true)
        // Nesting: flow, block and compact, each past the JSON parser's 512 levels.
        let flow = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(refusal(flow) == "c.yml:1:511: invalid YAML: nesting deeper than 512 levels")
        let block = (0..<600).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n")
        #expect(refusal(block)?.contains("invalid YAML: nesting deeper than 512 levels") == true)
        #expect(refusal(String(repeating: "- ", count: 50_000) + "x\n")?.contains("invalid YAML: nesting deeper than 512 levels") == true)
        // A list at its key's indentation: two levels per indentation step.
        let lists = (0..<400).map { String(repeating: "  ", count: $0) + "- k:" }.joined(separator: "\n")
        #expect(refusal(lists)?.contains("invalid YAML: nesting deeper than 512 levels") == true)
        #expect(refusal("\u{FEFF}a: &x [1]\n")?.contains("c.yml:1:4: invalid YAML: '&' starts an anchor") == true)
        // A legitimate deep-ish file is fine.
        let deep = "version: 1\napis:\n  Net: [" + String(repeating: "a, ", count: 1000) + "b]\n"
        #expect(refusal(deep) == nil)
        #expect(refusal("version: 1\0\n") == "c.yml:1:11: invalid YAML: the file is binary (it holds a NUL byte), not YAML text")
        #expect(refusal("version: 1\n---\nversion: 1\n")
                == "c.yml:2:1: invalid YAML: more than one YAML document ('---' starts a second one): a configuration is one document")
        #expect(refusal("version: !Custom 1\n")?.hasPrefix("c.yml:1:10: invalid YAML: the tag '!Custom' is not supported") == true)
        #expect(refusal("version: 1\ninclude: !!set {a}\n")?.contains("the tag 'tag:yaml.org,2002:set' is not supported") == true)
        #expect(refusal("version: 1\u{01}\n")?.contains("invalid YAML") == true)
        #expect(Date().timeIntervalSince(start) < 20)
    }

    @Test func aFileThatIsNotUTF8IsNamedForWhatItIs() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(".viperlint.yml")
        try Data([0x76, 0x65, 0x72, 0xFF, 0xFE, 0x3A, 0x20, 0x31]).write(to: file)
        #expect(throws: ConfigurationError.unreadable(file: file.path, reason: "the file is not UTF-8 text")) {
            try ConfigurationLoader.load(file: file)
        }
    }

    @Test func formatComesFromTheExtension() {
        #expect(ConfigurationFormat(path: "/a/.viperlint.yml") == .yaml)
        #expect(ConfigurationFormat(path: "/a/b.YAML") == .yaml)
        #expect(ConfigurationFormat(path: "/a/.viperlint.json") == .json)
        #expect(ConfigurationFormat(path: "/a.yml/rules") == .json)
    }
}

/// The command line reads `.viperlint.yml` wherever it reads `.viperlint.json`.
@Suite(.serialized) struct YAMLConfigurationCLITests {
    static let interactor = "import UIKit\nfinal class HomeInteractor {}\n"

    @Test func lintAppliesAYAMLConfiguration() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write(["Home/HomeInteractor.swift": Self.interactor, "Home/HomePresenter.swift": "final class HomePresenter {}\n",
                       ".viperlint.yml": "version: 1\nrules:\n  forbidden-import: warning\n"], into: folder)
        let warned = try CLI.run(["lint"], in: folder)
        #expect(warned.status == 0 && warned.stderr.hasSuffix("exit 0: 1 warning does not fail the run (--strict makes it)\n"))
        try CLI.write([".viperlint.yml": "version: 1\nrules:\n  forbidden-import: off\n"], into: folder)
        let off = try CLI.run(["lint", "--strict"], in: folder)
        #expect(off.status == 0 && !off.stderr.contains("warning"))
        // A wrong key: exit 2 at its YAML line and column.
        try CLI.write([".viperlint.yml": "version: 1\nrules:\n  forbiden-import: off\n"], into: folder)
        let wrong = try CLI.run(["lint"], in: folder)
        #expect(wrong.status == 2 && wrong.stderr.contains("/.viperlint.yml:3:3: rules.forbiden-import: unknown rule id 'forbiden-import'"))
        // --config takes YAML by its extension, .yaml too.
        try CLI.write(["ci.yaml": "version: 1\nrules:\n  forbidden-import: error\n"], into: folder)
        let named = try CLI.run(["lint", "--config", "ci.yaml"], in: folder)
        #expect(named.status == 1 && named.stdout.contains("forbidden-import"))
        try CLI.write(["ci.yaml": "a: &a [x]\nb: *a\n"], into: folder)
        let refused = try CLI.run(["lint", "--config", "ci.yaml"], in: folder)
        #expect(refused.status == 2 && refused.stderr.contains("ci.yaml:1:4: invalid YAML: '&' starts an anchor"))
        // `config` prints what the YAML configures, as JSON.
        try CLI.write([".viperlint.yml": "version: 1\nrules:\n  forbidden-import: off\n"], into: folder)
        let config = try CLI.run(["config"], in: folder)
        #expect(config.status == 0 && config.stdout.contains("\"forbidden-import\""))
    }

    /// `rules` says which YAML line sets a rule; `init` does not write a JSON file beside a YAML one.
    @Test func rulesAndInitKnowTheYAMLFile() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write(["Home/HomeInteractor.swift": Self.interactor,
                       ".viperlint.yml": "version: 1\n\nrules:\n  forbidden-import: warning\n"], into: folder)
        let rules = try CLI.run(["rules"], in: folder)
        #expect(rules.status == 0 && rules.stdout.contains(".viperlint.yml:4"))
        let initialized = try CLI.run(["init", "--force"], in: folder)
        #expect(initialized.status == 2 && initialized.stderr.contains("/.viperlint.yml exists: 'viperlint init' writes .viperlint.json"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".viperlint.json").path))
    }

    @Test func initWritesYAMLWhenAsked() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write(["Home/HomeInteractor.swift": Self.interactor, "Home/HomePresenter.swift": "final class HomePresenter {}\n",
                       "Home/HomeView.swift": "final class HomeView {}\n"], into: folder)
        let json = try CLI.run(["init", "--output", "-"], in: folder)
        let yaml = try CLI.run(["init", "--yaml", "--output", "-"], in: folder)
        #expect(json.status == 0 && yaml.status == 0)
        #expect(try ConfigurationLoader.decode(yaml.stdout, file: "c.yml") == ConfigurationLoader.decode(json.stdout, file: "c.json"))
        let written = try CLI.run(["init", "--yaml"], in: folder)
        #expect(written.status == 0 && FileManager.default.fileExists(atPath: folder.appendingPathComponent(".viperlint.yml").path))
        #expect(try CLI.run(["lint"], in: folder).status != 2)
        let json2 = try CLI.run(["init"], in: folder)
        #expect(json2.status == 2 && json2.stderr.contains("/.viperlint.yml exists: 'viperlint init' writes .viperlint.json"))
    }

    @Test func twoConfigurationsInOneFolderExitTwoNamingBoth() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write(["Home/HomeInteractor.swift": Self.interactor, ".viperlint.json": #"{ "version": 1 }"#,
                       ".viperlint.yaml": "version: 1\n"], into: folder)
        let both = try CLI.run(["lint"], in: folder)
        #expect(both.status == 2)
        #expect(both.stderr.contains("two configuration files in one folder: \(folder.path)/.viperlint.json and \(folder.path)/.viperlint.yaml"))
    }

    @Test func aNestedYAMLProjectIsItsOwnProject() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write(["Home/HomeInteractor.swift": "final class HomeInteractor {}\n", ".viperlint.json": #"{ "version": 1 }"#,
                       "Lib/.viperlint.yml": "version: 1\nrules:\n  forbidden-import: warning\n",
                       "Lib/Home/HomeInteractor.swift": Self.interactor], into: folder)
        let classify = try CLI.run(["classify"], in: folder)
        #expect(classify.stderr.contains("Lib has its own viperlint configuration: another project"))
        let lib = try CLI.run(["lint", "Lib"], in: folder)
        #expect(lib.status == 0 && lib.stderr.contains("1 warning"))
    }

    @Test func stagedReadsTheStagedYAMLConfiguration() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write(["Home/HomeInteractor.swift": "final class HomeInteractor {}\n",
                       "Home/HomePresenter.swift": "final class HomePresenter {}\n"], into: folder)
        for arguments in [["init", "-q"], ["config", "user.email", "t@example.invalid"], ["config", "user.name", "t"],
                          ["add", "."], ["commit", "-q", "-m", "start"]] {
            try GateTests.git(arguments, in: folder)
        }
        // Staged: a warning. In the working tree only: an error, which --staged must not read.
        try CLI.write([".viperlint.yml": "version: 1\nrules:\n  forbidden-import: warning\n", "Home/HomeInteractor.swift": Self.interactor],
                      into: folder)
        #expect(try GateTests.git(["add", ".viperlint.yml", "Home/HomeInteractor.swift"], in: folder) == 0)
        try CLI.write([".viperlint.yml": "version: 1\nrules:\n  forbidden-import: error\n"], into: folder)
        let staged = try CLI.run(["lint", "--staged"], in: folder)
        #expect(staged.status == 0 && staged.stderr.contains("1 warning"))
        #expect(try CLI.run(["lint"], in: folder).status == 1)
        // A staged JSON beside it: two configurations in the commit.
        try CLI.write([".viperlint.json": #"{ "version": 1 }"#], into: folder)
        #expect(try GateTests.git(["add", ".viperlint.json"], in: folder) == 0)
        let both = try CLI.run(["lint", "--staged"], in: folder)
        #expect(both.status == 2 && both.stderr.contains("two configuration files in one folder"))
    }
}
