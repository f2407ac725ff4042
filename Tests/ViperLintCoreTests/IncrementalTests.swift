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

    @Test func aChangedDeclarationChangesTheSignature() {
        let base = FactExtractor.facts(path: "Home/HomePresenter.swift", source: "final class HomePresenter { func load() { a() } }\n")
        let body = FactExtractor.facts(path: "Home/HomePresenter.swift", source: "final class HomePresenter {\n  func load() { b(); c() }\n}\n")
        let conformance = FactExtractor.facts(path: "Home/HomePresenter.swift", source: "final class HomePresenter: HomeOutput { func load() {} }\n")
        let reference = FactExtractor.facts(path: "Home/HomePresenter.swift", source: "final class HomePresenter { func load() { _ = User.self } }\n")
        let moved = FactExtractor.facts(path: "Profile/HomePresenter.swift", source: "final class HomePresenter { func load() { a() } }\n")
        #expect(base.classificationSignature == body.classificationSignature)
        for other in [conformance, reference, moved] { #expect(other.classificationSignature != base.classificationSignature) }
    }

    /// Random edits of the fixture projects (moved lines, new declarations and references, new
    /// imports, files added and removed), each followed by a warm run and a one-file run with
    /// the cache: every report format must equal a run without a cache, byte for byte.
    @Test func randomEditsGiveTheBytesOfARunWithoutCache() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try #require(FactCache(folder: folder.appendingPathComponent("cache")))
        var projects: [URL] = []
        for fixture in FixtureTests.fixtures {
            let copy = folder.appendingPathComponent(fixture)
            try FileManager.default.copyItem(at: Paths.fixture(fixture), to: copy)
            projects.append(copy)
        }
        // Stamps newer than two seconds are not trusted; older ones let unchanged files skip reading.
        Thread.sleep(forTimeInterval: 2.2)
        var random = SplitMix(seed: 17)
        var reused = 0
        for project in projects {
            _ = try renderings(project, cache: cache)
            for round in 0..<10 {
                let edited = try RandomEdit.apply(to: project, round: round, random: &random)
                let context = "\(project.lastPathComponent), round \(round): \(edited.description)"
                let (warm, result) = try renderings(project, cache: cache)
                #expect(warm == (try renderings(project, cache: nil)).texts, "\(context)")
                if result.classificationReused { reused += 1 }
                guard let file = edited.file else { continue }
                let single = try renderings(project, cache: cache, paths: [file.path]).texts
                #expect(single == (try renderings(project, cache: nil, paths: [file.path])).texts, "\(context), one file")
            }
        }
        // Both paths were taken: some edits kept every declaration, others changed one.
        #expect(reused > 5 && reused < FixtureTests.fixtures.count * 10)
    }

    private func renderings(_ project: URL, cache: FactCache?, paths: [String]? = nil) throws -> (texts: [String], result: LintResult) {
        let located = try Project.locate(paths: paths ?? [project.path], configuration: nil)
        let result = located.lint(threads: 2, cache: cache)
        return (InvariantTests.renderings(result, ruleSet: result.ruleSet), result)
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
        let kind = Int.random(in: 0..<7, using: &random)
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
