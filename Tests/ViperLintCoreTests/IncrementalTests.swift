import Foundation
import Testing
@testable import ViperLintCore

/// Issue 17: warm runs reuse the last run's classification when no declaration changed. These
/// tests hold that to what it must be: the bytes of a run without any cache.
@Suite(.serialized) struct IncrementalTests {
    /// Classification must read nothing its signature leaves out: every such fact is scrambled
    /// here (positions moved, bodies' facts dropped, references reordered and re-kinded among plain uses), and
    /// the signature and every layer, module and detected preset must stay the same.
    @Test(arguments: FixtureTests.fixtures)
    func classificationReadsOnlyWhatItsSignatureCovers(_ fixture: String) throws {
        let (project, facts) = try Self.facts(of: fixture)
        let scrambled = facts.map(Self.scrambled)
        #expect(scrambled != facts)
        #expect(scrambled.map(\.classificationSignature) == facts.map(\.classificationSignature))

        let classifier = Classifier(ruleSet: project.ruleSet)
        let original = ClassifierDecisions(index: classifier.index(files: facts, targets: []), detection: nil)
        #expect(original.files.contains { $0.layer.layer != nil } && original.symbols.contains { $0.module.module != nil })
        #expect(ClassifierDecisions(index: classifier.index(files: scrambled, targets: []), detection: nil) == original)
        let detected = PresetDetector.inspect(facts: facts, targets: [])
        let detectedFromScrambled = PresetDetector.inspect(facts: scrambled, targets: [])
        #expect(detectedFromScrambled.preset == detected.preset && detectedFromScrambled.customFolders == detected.customFolders)
    }

    /// The other half: any change of facts that keeps the signature keeps the classification.
    /// Random changes of every kind of fact, the signature's own included; whenever the
    /// signature stays, so must every decision (this fails when the signature misses an input).
    @Test(arguments: FixtureTests.fixtures)
    func factsWithTheSameSignatureClassifyTheSame(_ fixture: String) throws {
        let (project, facts) = try Self.facts(of: fixture)
        let classifier = Classifier(ruleSet: project.ruleSet)
        let original = ClassifierDecisions(index: classifier.index(files: facts, targets: []), detection: nil)
        let originalPreset = PresetDetector.inspect(facts: facts, targets: [])
        var random = SplitMix(seed: UInt64(fixture.utf8.count))
        var (kept, changed) = (0, 0)
        for _ in 0..<60 {
            var mutated = facts
            let fileIndex = Int.random(in: 0..<facts.count, using: &random)
            let change = FactMutation.apply(to: &mutated[fileIndex], random: &random)
            guard mutated[fileIndex].classificationSignature == facts[fileIndex].classificationSignature else {
                changed += 1
                continue
            }
            kept += 1
            let decisions = ClassifierDecisions(index: classifier.index(files: mutated, targets: []), detection: nil)
            #expect(decisions == original, "\(fixture): \(change) in \(facts[fileIndex].path) kept the signature but not the classification")
            let preset = PresetDetector.inspect(facts: mutated, targets: [])
            #expect(preset.preset == originalPreset.preset && preset.customFolders == originalPreset.customFolders, "\(fixture): \(change)")
        }
        #expect(kept > 5 && changed > 5)
    }

    /// The contract of `Rule.judgesFilesAlone`, which lets a run keep a rule's stored findings
    /// for files it does not re-check: after a change to one file's facts that keeps every
    /// declaration (bodies' calls, writes and reads copied in from other files or dropped,
    /// positions moved), such a rule's findings in every file `Linter.filesToRecheck` leaves out
    /// are exactly what they were. Every rule on; a rule wrongly marked fails here.
    @Test(arguments: FixtureTests.fixtures)
    func rulesThatJudgeFilesAloneDoSo(_ fixture: String) throws {
        let (project, facts) = try Self.facts(of: fixture)
        var ruleSet = project.ruleSet
        for type in RuleRegistry.all where (ruleSet.rules[type.id]?.severity ?? .off) == .off {
            ruleSet.rules[type.id] = ConfiguredRule(severity: .warning, rule: type.init())
        }
        let local = Set(RuleRegistry.all.filter { $0.judgesFilesAlone }.map { $0.id })
        #expect(local.count >= 5)
        func findings(_ facts: [FileFacts]) -> [String: [Violation]] {
            Dictionary(grouping: Linter.violations(of: facts, ruleSet: ruleSet).filter { local.contains($0.rule) }, by: \.rule)
        }
        let original = findings(facts)
        #expect(!original.isEmpty)
        var random = SplitMix(seed: UInt64(fixture.utf8.count) &* 31)
        var compared = 0
        for _ in 0..<40 {
            let changed = Int.random(in: 0..<facts.count, using: &random)
            var mutated = facts
            let change = BodyMutation.apply(to: &mutated, file: changed, random: &random)
            guard mutated[changed].classificationSignature == facts[changed].classificationSignature else { continue }
            let recheck = Linter.filesToRecheck(changed: [facts[changed].path], previous: original)
            let after = findings(mutated)
            for rule in local {
                let kept = { (violations: [Violation]?) in Set((violations ?? []).filter { !recheck.contains($0.file) }) }
                #expect(kept(after[rule]) == kept(original[rule]), "\(fixture): \(rule) changed outside \(facts[changed].path) after \(change)")
            }
            compared += 1
        }
        #expect(compared > 20)
    }

    @Test func aChangedDeclarationChangesTheSignature() {
        let base = FactExtractor.facts(path: "Home/HomePresenter.swift", source: "final class HomePresenter { func load() { a() } }\n")
        let body = FactExtractor.facts(path: "Home/HomePresenter.swift", source: "final class HomePresenter {\n  func load() { b(); c() }\n}\n")
        let conformance = FactExtractor.facts(path: "Home/HomePresenter.swift", source: "final class HomePresenter: HomeOutput { func load() {} }\n")
        let reference = FactExtractor.facts(path: "Home/HomePresenter.swift", source: "final class HomePresenter { func load() { _ = User.self } }\n")
        let moved = FactExtractor.facts(path: "Profile/HomePresenter.swift", source: "final class HomePresenter { func load() { a() } }\n")
        #expect(base.classificationSignature == body.classificationSignature)
        for other in [conformance, reference, moved] { #expect(other.classificationSignature != base.classificationSignature) }
    }

    /// Random edits of the fixture projects (moved lines, statements added inside function
    /// bodies, new declarations, references and conformances, renamed types, new imports,
    /// files added, moved and removed, rule severities changed), each followed by a warm run
    /// and a one-file run with the cache: every report format must equal a run without a cache,
    /// byte for byte. The warm runs start from the project's stored state, so this also holds
    /// the state to the truth: reporting it unchanged, re-checking only changed files, or
    /// running whole.
    @Test func randomEditsGiveTheBytesOfARunWithoutCache() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try #require(FactCache(folder: folder.appendingPathComponent("cache"), key: .testing))
        var projects: [URL] = []
        for fixture in FixtureTests.fixtures {
            let copy = folder.appendingPathComponent(fixture)
            try FileManager.default.copyItem(at: Paths.fixture(fixture), to: copy)
            projects.append(copy)
        }
        // Stamps newer than two seconds are not trusted; older ones let unchanged files skip reading.
        Thread.sleep(forTimeInterval: 2.2)
        var random = SplitMix(seed: 17)
        var paths = PathsTaken()
        for project in projects {
            try checkRandomEdits(of: project, rounds: 40, cache: cache, random: &random, paths: &paths)
        }
        // Every path was taken: edits that kept every declaration (some re-checked file by
        // file), edits that changed one, unchanged runs reported from the state, and one-file
        // runs after edits that kept every fact (the stored outcome, its lines read again).
        let rounds = FixtureTests.fixtures.count * 40
        #expect(paths.reused > 5 && paths.reused < rounds && paths.rechecked > 5 && paths.reported > rounds / 2, "\(paths)")
        #expect(paths.sameFactsOneFile > 5, "\(paths)")
    }

    /// The same identity at scale: a generated 1,000-file VIPER project (Benchmarks'
    /// generator, so it is the project the benchmark measures) with every rule on, where a
    /// change's reach crosses many modules, and the configuration edited among the changes.
    @Test func randomEditsOfAThousandFileProjectGiveTheBytesOfARunWithoutCache() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Generated")
        let generator = Process()
        generator.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        generator.arguments = ["python3", Paths.packageRoot.appendingPathComponent("Benchmarks/generate_viper_project.py").path, project.path, "167"]
        try generator.run()
        generator.waitUntilExit()
        try #require(generator.terminationStatus == 0, "the generator failed")
        let swiftFiles = FileManager.default.enumerator(atPath: project.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(swiftFiles.count >= 1_000)
        // Every rule on, each severity written out so that the edits can change them.
        let severities = RuleRegistry.all.map { "\"\($0.id)\": \"warning\"" }.joined(separator: ", ")
        try "{ \"version\": 1, \"rules\": { \(severities) } }\n".write(to: project.appendingPathComponent(".viperlint.json"), atomically: true, encoding: .utf8)
        let cache = try #require(FactCache(folder: folder.appendingPathComponent("cache"), key: .testing))
        Thread.sleep(forTimeInterval: 2.2)
        var random = SplitMix(seed: 1_000)
        var paths = PathsTaken()
        try checkRandomEdits(of: project, rounds: 10, cache: cache, random: &random, paths: &paths)
        #expect(paths.reported >= 5 && paths.reused >= 1, "\(paths)")
    }

    /// Early cutoff: a whole-project run after edits that keep every fact of the changed file
    /// reports the stored outcome with the edited lines read again (a comment at the end of a
    /// finding's line changes what baselines and SARIF fingerprints match on); an edit that
    /// moves a fact does not take that path. Every report must equal a run without a cache.
    @Test func editsThatKeepEveryFactReportTheStoredOutcomeWithTheirNewLines() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("ClassicVIPER")
        try FileManager.default.copyItem(at: Paths.fixture("ClassicVIPER"), to: project)
        let cache = try #require(FactCache(folder: folder.appendingPathComponent("cache"), key: .testing))
        Thread.sleep(forTimeInterval: 2.2)
        let first = try #require(try renderings(project, cache: cache).result.violations.first)
        let file = project.appendingPathComponent(first.file)
        let original = try String(contentsOf: file, encoding: .utf8)
        var lines = original.components(separatedBy: "\n")
        lines[first.line - 1] += " // reviewed"
        let edits: [(String, text: String, keepsFacts: Bool)] = [
            ("comment at the end of the finding's line", lines.joined(separator: "\n"), true),
            ("lines after the last declaration", original + "\n\n// more\n", true),
            ("a comment line above everything", "// moved\n" + original, false),
        ]
        for (edit, text, keepsFacts) in edits {
            try text.write(to: file, atomically: false, encoding: .utf8)
            let cold = try renderings(project, cache: nil, needsIndex: false).texts
            let (warm, result) = try renderings(project, cache: cache, needsIndex: false)
            #expect(warm == cold, "\(edit)\n\(Self.difference(warm, cold))")
            #expect((result.sameFactsFiles == 1) == keepsFacts, "\(edit)")
            if keepsFacts {
                #expect(result.lineTexts[first.file]?[first.line] == lines[first.line - 1] || !text.contains("// reviewed"), "\(edit)")
                // The state stays as it was: the next run finds the same.
                #expect(try renderings(project, cache: cache, needsIndex: false).result.sameFactsFiles == 1, "\(edit)")
            }
        }
    }

    /// How the warm runs of `checkRandomEdits` went: with the classification reused, with files
    /// re-checked one by one, and reported from the stored state unchanged.
    struct PathsTaken: CustomStringConvertible {
        var reused = 0, rechecked = 0, reported = 0, sameFactsOneFile = 0
        var description: String {
            "reused \(reused), re-checked \(rechecked), reported \(reported), one file with the same facts \(sameFactsOneFile)"
        }
    }

    /// Random edits of `project`, each followed by a warm run, an unchanged run and a one-file
    /// run with `cache`: every report must equal a run without a cache, byte for byte.
    private func checkRandomEdits(of project: URL, rounds: Int, cache: FactCache, random: inout SplitMix,
                                  paths: inout PathsTaken) throws {
        _ = try renderings(project, cache: cache)
        for round in 0..<rounds {
            let edited = try RandomEdit.apply(to: project, round: round, random: &random)
            let context = "\(project.lastPathComponent), round \(round): \(edited.description)"
            let cold = try renderings(project, cache: nil)
            // The one-file run first: a run of given paths leaves the state as it was, so it
            // meets the edit as a pre-commit hook does (and may find the facts unchanged).
            if let file = edited.file {
                let (single, result) = try renderings(project, cache: cache, paths: [file.path], needsIndex: false)
                let expected = try renderings(project, cache: nil, paths: [file.path], needsIndex: false).texts
                #expect(single == expected, "\(context), one file\n\(Self.difference(single, expected))")
                if result.sameFactsFiles > 0 { paths.sameFactsOneFile += 1 }
            }
            let (warm, result) = try renderings(project, cache: cache)
            #expect(warm == cold.texts, "\(context)\n\(Self.difference(warm, cold.texts))")
            if result.classificationReused { paths.reused += 1 }
            if (result.recheckedFiles ?? 0) > 0 { paths.rechecked += 1 }
            // Nothing changed since: the stored outcome is reported, without the index.
            let again = try renderings(project, cache: cache, needsIndex: false)
            #expect(again.result.recheckedFiles == 0 || project.lastPathComponent == "ObjCVIPER", "\(context)")
            #expect(again.texts == Array(cold.texts.prefix(again.texts.count)),
                    "\(context), unchanged\n\(Self.difference(again.texts, Array(cold.texts.prefix(again.texts.count))))")
            if again.result.recheckedFiles == 0 { paths.reported += 1 }
            guard let file = edited.file else { continue }
            let single = try renderings(project, cache: cache, paths: [file.path]).texts
            #expect(single == (try renderings(project, cache: nil, paths: [file.path])).texts, "\(context), one file")
        }
    }

    /// The reports of a run; with `needsIndex: false`, only those that do not read the index
    /// (a run reporting its stored state has none), in the same order.
    private func renderings(_ project: URL, cache: FactCache?, paths: [String]? = nil,
                            needsIndex: Bool = true) throws -> (texts: [String], result: LintResult) {
        let located = try Project.locate(paths: paths ?? [project.path], configuration: nil)
        let result = located.lint(threads: 2, cache: cache, needsIndex: needsIndex)
        let texts = InvariantTests.renderings(result, ruleSet: result.ruleSet)
        return (needsIndex ? texts : Array(texts.prefix(ReporterRegistry.all.prefix { !$0.readsIndex }.count)), result)
    }

    /// The lines of the first rendering that differs, in one and not the other (for failures).
    static func difference(_ incremental: [String], _ cold: [String]) -> String {
        guard let (one, other) = zip(incremental, cold).first(where: { $0 != $1 }) else { return "" }
        let (lines, coldLines) = (one.components(separatedBy: "\n"), other.components(separatedBy: "\n"))
        return "incremental only:\n" + lines.filter { !coldLines.contains($0) }.joined(separator: "\n")
            + "\ncold only:\n" + coldLines.filter { !lines.contains($0) }.joined(separator: "\n")
    }

    static func facts(of fixture: String) throws -> (project: Project, facts: [FileFacts]) {
        let project = try Project.locate(paths: [Paths.fixture(fixture).path], configuration: nil)
        let files = project.discover()
        let index = Linter.buildIndex(sources: files.sources, manifests: files.manifests, ruleSet: project.ruleSet, threads: 1).index
        return (project, index.files.map(\.facts))
    }

    static func scrambled(_ facts: FileFacts) -> FileFacts {
        func moved(_ position: SourcePosition) -> SourcePosition { SourcePosition(line: position.line + 7, column: position.column + 3) }
        var copy = facts
        copy.lineCount += 100
        copy.imports = facts.imports.map { var fact = $0; fact.position = moved(fact.position); return fact }
        copy.types = facts.types.map { type in
            var type = type
            type.position = moved(type.position)
            type.properties = type.properties.map { var property = $0; property.position = moved(property.position); return property }
            return type
        }
        copy.functions = facts.functions.map { function in
            var function = function
            function.location.position = moved(function.location.position)
            function.location.member = "scrambled"
            function.location.inViewBuilder.toggle()
            function.complexity += 5
            function.parameters = []
            function.attributes = ["scrambled"]
            return function
        }
        copy.references = (facts.references + facts.references).reversed().map { reference in
            var reference = reference
            reference.position = moved(reference.position)
            // Who names a type (and in which member), and whether it creates it, is evidence of
            // roles (in the signature); how else it is named is not.
            if reference.kind != .instantiation && reference.kind != .conformance { reference.kind = .expression }
            reference.accessedMember = "scrambled"
            return reference
        }
        copy.calls = []
        copy.controlFlow = []
        copy.assignments = []
        copy.bindings = ["scrambled"]
        copy.memberReads = []
        copy.valueBindings = []
        copy.suppressions = [SuppressionFact(kind: .file, rules: ["all"], position: SourcePosition(line: 1, column: 1))]
        copy.parseError = ParseErrorFact(message: "scrambled", position: SourcePosition(line: 1, column: 1))
        return copy
    }
}

/// A small seeded generator (SplitMix64), so a failing edit sequence can be replayed.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// One random change of one kind of fact of a file (what it changed, for failure messages).
enum FactMutation {
    static func apply(to facts: inout FileFacts, random: inout SplitMix) -> String {
        let names = ["HomePresenter", "ProfileInteractor", "UserEntity", "SettingsView", "AppRouter", "Output"]
        let name = names.randomElement(using: &random)!
        let type = facts.types.isEmpty ? nil : Int.random(in: 0..<facts.types.count, using: &random)
        switch Int.random(in: 0..<16, using: &random) {
        case 0 where type != nil: facts.types[type!].name += "X"; return "type renamed"
        case 1 where type != nil: facts.types[type!].qualifiedName = name; return "qualified name \(name)"
        case 2 where type != nil: facts.types[type!].inherited.append(name); return "inherits \(name)"
        case 3 where type != nil: facts.types[type!].kind = facts.types[type!].kind == .class ? .struct : .class; return "kind toggled"
        case 4 where type != nil: facts.types[type!].attributes.append("objc"); return "@objc added"
        case 5 where type != nil && !facts.types[type!].properties.isEmpty:
            facts.types[type!].properties[0].typeNames = [name]; return "property type \(name)"
        case 6 where type != nil: facts.types[type!].parent = nil; return "parent removed"
        case 7 where type != nil: facts.types[type!].position.line += 3; return "type moved"
        case 8 where !facts.functions.isEmpty: facts.functions[0].name += "X"; return "function renamed"
        case 9 where !facts.functions.isEmpty: facts.functions[0].location.context = nil; return "function moved out"
        case 10 where !facts.functions.isEmpty: facts.functions[0].complexity += 3; return "function complexity"
        case 11 where !facts.references.isEmpty: facts.references[0].name = name; return "reference to \(name)"
        case 12 where !facts.references.isEmpty: facts.references[0].position.line += 9; return "reference moved"
        case 13: facts.imports.append(ImportFact(path: ["UIKit"], position: SourcePosition(line: 1, column: 1))); return "import UIKit"
        case 14: facts.path = "Moved/" + facts.path; return "file moved"
        default: facts.calls = []; facts.memberReads = []; return "calls and reads dropped"
        }
    }
}

/// One random change of a file's facts that a body edit makes (its declarations stay):
/// calls, writes and reads copied in from another file, dropped, or every position moved.
enum BodyMutation {
    static func apply(to facts: inout [FileFacts], file: Int, random: inout SplitMix) -> String {
        let donor = facts[Int.random(in: 0..<facts.count, using: &random)]
        guard let location = facts[file].functions.randomElement(using: &random)?.location else {
            facts[file] = IncrementalTests.scrambled(facts[file])
            return "positions moved"
        }
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            facts[file].calls += donor.calls.map { CallFact(chain: $0.chain, argumentLabels: $0.argumentLabels, location: location) }
            return "calls of \(donor.path) copied"
        case 1:
            let properties = facts.flatMap { $0.types.flatMap(\.properties) }.map(\.name)
            let receivers = ["presenter", "view", "output", "viewModel", "state", "interactor"]
            facts[file].assignments += (0..<3).compactMap { _ in
                properties.randomElement(using: &random).map { [receivers.randomElement(using: &random)!, $0] }
            }.map { AssignmentFact(target: $0, location: location) }
            return "writes of other types' properties"
        case 2:
            facts[file].memberReads += donor.memberReads.map { MemberReadFact(chain: $0.chain, location: location) }
            facts[file].bindings += donor.bindings
            return "reads of \(donor.path) copied"
        case 3:
            facts[file].calls = []
            facts[file].assignments = []
            facts[file].memberReads = []
            return "body facts dropped"
        case 4:
            facts[file].assignments += donor.assignments.map { AssignmentFact(target: $0.target, location: location) }
            return "writes of \(donor.path) copied"
        default:
            facts[file] = IncrementalTests.scrambled(facts[file])
            return "positions moved"
        }
    }
}

/// One random edit of a project's Swift files.
enum RandomEdit {
    static func apply(to project: URL, round: Int, random: inout SplitMix) throws -> (file: URL?, description: String) {
        let files = (FileManager.default.enumerator(atPath: project.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("Package.swift") }.sorted()
        guard !files.isEmpty else { return (nil, "no Swift file") }
        let relative = files.randomElement(using: &random)!
        let file = project.appendingPathComponent(relative)
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        // Type names declared anywhere in the project, to reference.
        let typeNames = try files.flatMap { path -> [String] in
            let words = try String(contentsOf: project.appendingPathComponent(path), encoding: .utf8)
                .split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
            return zip(words, words.dropFirst()).compactMap { keyword, name in
                ["class", "struct", "protocol", "enum"].contains(keyword) && name.first?.isUppercase == true ? name : nil
            }
        }
        let name = typeNames.isEmpty ? "Int" : typeNames.randomElement(using: &random)!
        let kind = Int.random(in: 0..<13, using: &random)
        let description: String
        switch kind {
        case 0:
            let line = Int.random(in: 0...lines.count, using: &random)
            lines.insert("", at: line)
            description = "blank line at \(line + 1) of \(relative)"
        case 1:
            lines.append("// edited in round \(round)")
            description = "comment appended to \(relative)"
        case 2:
            lines.append("func edited\(round)() { let _: \(name)? = nil }")
            description = "reference to \(name) in \(relative)"
        case 3:
            lines.append("final class Edited\(round)Presenter: \(name) {}")
            description = "new presenter conforming to \(name) in \(relative)"
        case 4:
            lines.insert("import UIKit", at: 0)
            description = "import UIKit in \(relative)"
        case 5:
            let other = typeNames.isEmpty ? "Int" : typeNames.randomElement(using: &random)!
            lines.append("extension \(name): \(other) {}")
            description = "\(name) conforms to \(other) in \(relative)"
        case 7:
            // A statement inside a function body: an assignment, call or member write that
            // leaves every declaration as it was.
            let bodies = lines.indices.filter { lines[$0].contains("func ") && lines[$0].hasSuffix("{") }
            guard let line = bodies.randomElement(using: &random) else { return (nil, "no function in \(relative)") }
            // Receivers named in this file, properties declared anywhere: writes and reads
            // of other files' state, which cross-file rules judge.
            let receivers = Set(lines.joined(separator: " ").split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
                .map(String.init).filter { $0.first?.isLowercase == true && $0.count > 3 }).sorted()
            let properties = try files.flatMap { path -> [String] in
                let words = try String(contentsOf: project.appendingPathComponent(path), encoding: .utf8)
                    .split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
                return zip(words, words.dropFirst()).compactMap { keyword, name in keyword == "var" ? name : nil }
            }.sorted()
            let receiver = receivers.randomElement(using: &random) ?? "value"
            let property = properties.randomElement(using: &random) ?? "value"
            let statement = ["\(receiver).\(property) = \(receiver).\(property)", "self.\(property) = nil", "_ = \(receiver)?.\(property)",
                             "\(receiver).\(property)?.reload()", "print(\(receiver))"].randomElement(using: &random)!
            lines.insert("        " + statement, at: line + 1)
            description = "'\(statement)' in the body at line \(line + 1) of \(relative)"
        case 8:
            // A body line removed (it may leave the file with a syntax error: also a report).
            let statements = lines.indices.filter { index in
                let text = lines[index].trimmingCharacters(in: .whitespaces)
                return !text.isEmpty && !text.hasPrefix("func ") && !text.hasSuffix("{") && text != "}" && lines[index].hasPrefix("        ")
            }
            guard let line = statements.randomElement(using: &random) else { return (nil, "no statement in \(relative)") }
            description = "line \(line + 1) removed from \(relative): \(lines[line])"
            lines.remove(at: line)
        case 9:
            // A type declared here renamed, in this file only (its uses elsewhere stop resolving).
            let declared = typeNames.filter { name in lines.contains { $0.contains("class \(name)") || $0.contains("struct \(name)") || $0.contains("protocol \(name)") } }
            guard let old = declared.randomElement(using: &random) else { return (nil, "no type in \(relative)") }
            let pattern = try NSRegularExpression(pattern: "\\b\(old)\\b")
            lines = lines.map { pattern.stringByReplacingMatches(in: $0, range: NSRange($0.startIndex..., in: $0), withTemplate: old + "Renamed") }
            description = "\(old) renamed in \(relative)"
        case 10:
            // The file moved to another folder of the project.
            let folders = Set(files.map { ($0 as NSString).deletingLastPathComponent }).sorted()
            let target = folders.randomElement(using: &random)!
            let destination = project.appendingPathComponent(target).appendingPathComponent("Moved\(round)" + file.lastPathComponent)
            try FileManager.default.moveItem(at: file, to: destination)
            return (destination, "\(relative) moved to \(target)")
        case 12:
            // A comment at the end of a line: the line's text changes, no fact does.
            let line = Int.random(in: 0..<lines.count, using: &random)
            lines[line] += " // note \(round)"
            description = "comment at the end of line \(line + 1) of \(relative)"
        case 11:
            // A rule's severity changed in the configuration.
            let configuration = project.appendingPathComponent(".viperlint.json")
            guard let text = try? String(contentsOf: configuration, encoding: .utf8) else { return (nil, "no configuration") }
            let entry = try NSRegularExpression(pattern: "\"([a-z-]+)\": \"(off|warning|error)\"")
            let matches = entry.matches(in: text, range: NSRange(text.startIndex..., in: text))
            guard let match = matches.randomElement(using: &random), let range = Range(match.range(at: 2), in: text) else {
                return (nil, "no severity in the configuration")
            }
            let severity = ["off", "warning", "error"].filter { $0 != String(text[range]) }.randomElement(using: &random)!
            try text.replacingCharacters(in: range, with: severity).write(to: configuration, atomically: false, encoding: .utf8)
            return (nil, "configuration: \(text[Range(match.range(at: 1), in: text)!]) set to \(severity)")
        default:
            if Bool.random(using: &random), files.count > 3 {
                try FileManager.default.removeItem(at: file)
                return (nil, "removed \(relative)")
            }
            let copy = file.deletingLastPathComponent().appendingPathComponent("Edited\(round)View.swift")
            try "import SwiftUI\nstruct Edited\(round)View: View { let item: \(name) }\n".write(to: copy, atomically: false, encoding: .utf8)
            return (copy, "new file \(copy.lastPathComponent) next to \(relative)")
        }
        try lines.joined(separator: "\n").write(to: file, atomically: false, encoding: .utf8)
        return (file, description)
    }
}
