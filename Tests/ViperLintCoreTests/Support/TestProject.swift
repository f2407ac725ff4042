import Foundation
@testable import ViperLintCore

/// Builds and lints small in-memory projects, the way rule examples are written.
enum TestProject {
    static func ruleSet(_ configuration: String? = nil) throws -> RuleSet {
        guard let configuration else { return ConfigurationLoader.defaultRuleSet }
        return try ConfigurationLoader.decode(configuration, file: "test.json")
    }

    /// Severities of a team that gates on every rule (what the fixtures configure): most rules
    /// are off or warnings by default, measured on real apps, and these tests are about the
    /// rules' behaviour, not their defaults.
    static let gateSeverities: [(String, String)] = [
        ("layer-dependency", "error"), ("concrete-dependency", "error"), ("forbidden-import", "error"),
        ("router-business-logic", "error"), ("misplaced-service-call", "error"), ("entity-pure-data", "warning"),
        ("dumb-view", "warning"), ("presenter-navigation", "error"), ("weak-back-reference", "error"),
        ("module-construction", "error"), ("cross-module-reference", "error"), ("module-completeness", "warning"),
        ("module-cycle", "warning"),
    ]

    /// A configuration with the gate's severities over a preset, less the rules in `off`.
    /// A Presenter that holds its Interactor (through a protocol) and adopts its output
    /// protocol: an Interactor holding it strongly closes a retain cycle.
    static let presenterHoldingItsInteractor = """
        protocol HomeInteractorOutput: AnyObject {}
        protocol HomeInteractorInput: AnyObject {}
        extension HomeInteractor: HomeInteractorInput {}
        final class HomePresenter: HomeInteractorOutput {
            var interactor: HomeInteractorInput?
        }

        """

    static func gate(extends preset: Preset = .viper, off: Set<String> = []) -> String {
        let rules = gateSeverities.map { id, severity in "\"\(id)\": \"\(off.contains(id) ? "off" : severity)\"" }
        return #"{ "version": 1, "extends": "\#(preset.rawValue)", "rules": { "# + rules.joined(separator: ", ") + " } }"
    }

    static func sources(_ files: [(path: String, source: String)]) -> (sources: [SourceFile], manifests: [SourceFile]) {
        var sources: [SourceFile] = []
        var manifests: [SourceFile] = []
        for (path, text) in files {
            let file = SourceFile(relativePath: path, text: text)
            if path.hasSuffix("Package.swift") { manifests.append(file) } else { sources.append(file) }
        }
        return (sources, manifests)
    }

    static func lint(_ files: [(path: String, source: String)], configuration: String? = nil, threads: Int = 2) throws -> LintResult {
        let (sources, manifests) = sources(files)
        return Linter.lint(sources: sources, manifests: manifests, ruleSet: try ruleSet(configuration), root: "/project", threads: threads)
    }

    static func index(_ files: [(path: String, source: String)], configuration: String? = nil) throws -> ProjectIndex {
        let (sources, manifests) = sources(files)
        return Linter.buildIndex(sources: sources, manifests: manifests, ruleSet: try ruleSet(configuration), threads: 1).index
    }

    /// The symbol with a qualified name, or a failing lookup.
    static func symbol(_ name: String, in index: ProjectIndex) -> TypeSymbol? {
        index.symbols.first { $0.qualifiedName == name }
    }
}

/// A place where an example expects a finding.
struct MarkedPosition: Hashable, CustomStringConvertible {
    var file: String
    var line: Int
    var column: Int
    var description: String { "\(file):\(line):\(column)" }
}

enum Markers {
    /// Removes `↓` markers and returns where they were (the column of the character after
    /// the marker, in UTF-8 bytes as reports count).
    static func strip(_ source: String, path: String) -> (source: String, positions: [MarkedPosition]) {
        var positions: [MarkedPosition] = []
        var lines: [String] = []
        for (offset, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var cleaned = ""
            for character in line {
                if character == RuleExample.marker {
                    positions.append(MarkedPosition(file: path, line: offset + 1, column: cleaned.utf8.count + 1))
                } else {
                    cleaned.append(character)
                }
            }
            lines.append(cleaned)
        }
        return (lines.joined(separator: "\n"), positions)
    }
}

enum Paths {
    /// The package root, found from this file's location.
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    static func fixture(_ name: String) -> URL { packageRoot.appendingPathComponent("Fixtures/\(name)") }
}
