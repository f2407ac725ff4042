import Foundation

/// One problem found in a configuration file: where it is, which key, and what was expected.
public struct ConfigurationProblem: Sendable, Equatable, CustomStringConvertible {
    /// The dotted key path, e.g. `rules.forbidden-import.frameworks.Interactor[1]`.
    public var keyPath: String
    public var position: SourcePosition
    public var message: String

    public var description: String {
        "\(position.line):\(position.column): \(keyPath.isEmpty ? "(top level)" : keyPath): \(message)"
    }
}

/// Why a configuration could not be used. Every case is the user's to fix; the linter exits 2.
public enum ConfigurationError: Error, LocalizedError, Sendable, Equatable {
    case unreadable(file: String, reason: String)
    case syntax(file: String, JSONSyntaxError)
    case invalid(file: String, problems: [ConfigurationProblem])
    /// Two configuration files in one folder (`.viperlint.json` and `.viperlint.yml`).
    case conflicting(files: [String])

    public var errorDescription: String? {
        switch self {
        case let .unreadable(file, reason):
            return "cannot read configuration \(file): \(reason)"
        case let .syntax(file, error):
            return "\(file):\(error.position.line):\(error.position.column): invalid \(ConfigurationFormat(path: file).rawValue): \(error.message)"
        case let .conflicting(files):
            return "two configuration files in one folder: \(files.joined(separator: " and ")); keep one (they would not be merged)"
        case .invalid:
            return messageLines.joined(separator: "\n")
        }
    }
}

extension ConfigurationError: MultilineError {
    /// One line per problem, each `file:line:column: key: what was expected`.
    public var messageLines: [String] {
        switch self {
        case let .invalid(file, problems):
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            return ["invalid configuration \(file) (\(count)):"] + problems.map { "\(file):\($0.description)" }
        default:
            return [errorDescription ?? ""]
        }
    }
}

/// An error whose message is several lines (one per problem): printed line by line, each
/// escaped for the terminal on its own, so the line breaks stay breaks.
public protocol MultilineError: Error {
    var messageLines: [String] { get }
}
