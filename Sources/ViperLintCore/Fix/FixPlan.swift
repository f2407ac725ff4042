/// One mechanical change to one line of a source file, planned from a finding and the index.
public struct FixEdit: Sendable, Hashable {
    public enum Change: Sendable, Hashable {
        /// `import Module` replaced by imports of `replacements` (none: the line goes).
        case replaceImport(module: String, replacements: [String])
        /// `var property` gets a narrower setter: `private(set)` or `fileprivate(set)`.
        case restrictSetter(property: String, access: String)
        /// `var property: T?` becomes `weak var property: T?`.
        case makeWeak(property: String)
        /// `protocol Name` becomes class-bound (`: AnyObject`), so that it can be held weakly.
        case bindToClasses(protocolName: String)
    }

    /// Path relative to the project root.
    public var file: String
    /// The line the change is made on (the import, the property, the protocol).
    public var line: Int
    public var change: Change

    public init(file: String, line: Int, change: Change) {
        self.file = file
        self.line = line
        self.change = change
    }

    /// What the edit does, for the summary: "replace 'import UIKit' with 'import Foundation'".
    public var summary: String {
        switch change {
        case let .replaceImport(module, replacements):
            replacements.isEmpty ? "remove 'import \(module)'"
                : "replace 'import \(module)' with " + replacements.map { "'import \($0)'" }.joined(separator: " and ")
        case let .restrictSetter(property, access): "declare '\(property)' '\(access)(set)'"
        case let .makeWeak(property): "declare '\(property)' 'weak'"
        case let .bindToClasses(name): "make protocol '\(name)' class-bound ('AnyObject')"
        }
    }
}

/// What a rule can do about one of its findings: edits that are proven safe by the index, or
/// why a person must decide.
public enum FixDecision: Sendable, Hashable {
    case edits([FixEdit])
    case needsPerson(String)
}

/// A rule some of whose findings have a mechanical fix.
public protocol FixableRule: Rule {
    /// The finding kinds (`Violation.messageID`) that can have a mechanical fix.
    static var fixableFindings: [String] { get }

    /// The edits that fix `violation`, when the index proves them safe; what stands in the way
    /// otherwise. The source text is checked again when the edits are made (`SourceRewriter`).
    func fix(_ violation: Violation, context: RuleContext) -> FixDecision

    /// The same, knowing the edits this run already plans for earlier findings: fixes that
    /// are safe alone may not be together (two references that are each other's only other
    /// strong holder must not both become `weak`).
    func fix(_ violation: Violation, context: RuleContext, planned: [FixEdit]) -> FixDecision
}

extension FixableRule {
    public func fix(_ violation: Violation, context: RuleContext, planned: [FixEdit]) -> FixDecision {
        fix(violation, context: context)
    }
}

extension RuleContext {
    /// The index of the file a finding is in.
    func fileIndex(of violation: Violation) -> Int? {
        index.files.firstIndex { $0.path == violation.file }
    }

    /// The declared type a finding names (`declaration.type`), in the file it is declared in.
    func symbol(named qualifiedName: String) -> TypeSymbol? {
        guard let ids = index.symbolsByName[qualifiedName], ids.count == 1 else { return nil }
        return index.symbols[ids[0]]
    }
}
