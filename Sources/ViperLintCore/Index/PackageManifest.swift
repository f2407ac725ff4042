import SwiftParser
import SwiftSyntax

/// A SwiftPM target found in a `Package.swift`, with the folder that holds its sources.
public struct BuildTarget: Sendable, Hashable, Codable {
    public var name: String
    /// Folder relative to the project root, no trailing slash.
    public var folder: String
}

/// Reads target names and folders from `Package.swift` files without running them: the
/// manifest is parsed as Swift and `.target(name:path:)` calls are read literally.
public enum PackageManifest {
    static let targetFunctions: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary"]

    /// - Parameter manifestPath: the manifest's path relative to the project root.
    public static func targets(manifestPath: String, source: String) -> [BuildTarget] {
        // Parsed on the calling thread's stack: a manifest nested too deep yields no targets.
        guard NestingGuard.problem(in: source) == nil else { return [] }
        var text = source
        let tree = text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: FactExtractor.maximumNestingLevel) }
        let packageFolder = manifestPath.split(separator: "/").dropLast().joined(separator: "/")
        let finder = TargetFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.found.map { function, name, path in
            let defaultFolder = (function == "testTarget" ? "Tests/" : "Sources/") + name
            let folder = path ?? defaultFolder
            let joined = packageFolder.isEmpty ? folder : packageFolder + "/" + folder
            return BuildTarget(name: name, folder: normalized(joined))
        }
    }

    private static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." && !part.isEmpty {
            if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    private final class TargetFinder: SyntaxVisitor {
        var found: [(function: String, name: String, path: String?)] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                  PackageManifest.targetFunctions.contains(member.declName.baseName.text) else { return .visitChildren }
            var name: String?
            var path: String?
            for argument in node.arguments {
                guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
                      let text = literal.representedLiteralValue else { continue }
                switch argument.label?.text {
                case "name": name = text
                case "path": path = text
                default: break
                }
            }
            if let name { found.append((member.declName.baseName.text, name, path)) }
            return .visitChildren
        }
    }
}
