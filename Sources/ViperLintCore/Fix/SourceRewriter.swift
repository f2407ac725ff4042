import Foundation
import SwiftParser
import SwiftSyntax

/// Makes `FixEdit`s in one Swift file: finds each edit's declaration in the syntax tree and
/// splices text at its tokens, so comments, trivia and formatting stay as they were. An edit
/// whose declaration is not in the shape a mechanical fix needs is refused with the reason.
struct SourceRewriter {
    /// The text without a byte order mark.
    let text: String
    let tree: SourceFileSyntax
    private let converter: SourceLocationConverter
    /// Names of the project's types (a `UIState` of the project is not UIKit's).
    let projectTypes: Set<String>
    private var splices: [(range: Range<Int>, text: String)] = []
    /// The tokens starting on each line: an edit names its line, and a search of the whole file
    /// per edit made thousands of edits in one file quadratic.
    private let tokensByLine: [Int: [TokenSyntax]]

    init(text: String, path: String, projectTypes: Set<String>) {
        self.text = text
        tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        self.converter = converter
        self.projectTypes = projectTypes
        tokensByLine = Dictionary(grouping: tree.tokens(viewMode: .sourceAccurate)) {
            converter.location(for: $0.positionAfterSkippingLeadingTrivia).line
        }
    }

    /// Whether the file has a syntax error (no fix is made in such a file).
    var hasSyntaxError: Bool { tree.hasError }

    /// Plans `edit`; nil when it can be made, else why not. An identical edit is made once.
    mutating func add(_ edit: FixEdit, forbiddenImport: ForbiddenImportRule?) -> String? {
        let planned: Result<[(Range<Int>, String)], Refusal>
        switch edit.change {
        case let .replaceImport(module, replacements):
            planned = replaceImport(module, with: replacements, line: edit.line, rule: forbiddenImport ?? ForbiddenImportRule())
        case let .restrictSetter(property, access):
            planned = variable(named: property, line: edit.line).flatMap { restrictSetter($0, access: access) }
        case let .makeWeak(property):
            planned = variable(named: property, line: edit.line).flatMap(makeWeak)
        case let .bindToClasses(name):
            planned = bindToClasses(name, line: edit.line)
        }
        switch planned {
        case let .failure(refusal): return refusal.reason
        case let .success(changes):
            for (range, text) in changes where !splices.contains(where: { $0.range == range && $0.text == text }) {
                if splices.contains(where: { $0.range.overlaps(range) || ($0.range.isEmpty && $0.range.lowerBound == range.lowerBound) }) {
                    return "another fix changes the same code"
                }
                splices.append((range, text))
            }
            return nil
        }
    }

    /// The text with every added edit made.
    var result: String {
        // One pass, splices in order (they never overlap): linear in the file and the edits.
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var next = 0
        for splice in splices.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            output += bytes[next..<splice.range.lowerBound]
            output += splice.text.utf8
            next = splice.range.upperBound
        }
        output += bytes[next...]
        return String(decoding: output, as: UTF8.self)
    }

    struct Refusal: Error { let reason: String }

    private func line(of position: AbsolutePosition) -> Int { converter.location(for: position).line }

    // MARK: imports

    private func replaceImport(_ module: String, with replacements: [String], line: Int,
                               rule: ForbiddenImportRule) -> Result<[(Range<Int>, String)], Refusal> {
        let declarations = (tokensByLine[line] ?? []).compactMap { token -> ImportDeclSyntax? in
            guard token.tokenKind == .keyword(.import), let declaration = token.parent?.as(ImportDeclSyntax.self),
                  declaration.path.first?.name.text == module else { return nil }
            return declaration
        }
        guard let declaration = declarations.first else {
            return .failure(Refusal(reason: "'import \(module)' is not on line \(line) any more"))
        }
        if declaration.ancestorOrSelf(mapping: { $0.as(IfConfigClauseSyntax.self) }) != nil {
            return .failure(Refusal(reason: "the import is conditional (#if): decide for each platform"))
        }
        if declaration.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "_exported" }) {
            return .failure(Refusal(reason: "'@_exported import \(module)' re-exports \(module) to the whole module: other files may need it"))
        }
        guard declaration.attributes.isEmpty, declaration.importKindSpecifier == nil else {
            return .failure(Refusal(reason: "the import has attributes or a kind: decide by hand"))
        }
        let imported = Set(tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text })
        if let use = rule.firstUse(of: module, in: tree, projectTypes: projectTypes, covered: imported.union(replacements)) {
            return .failure(Refusal(reason: "the file still uses \(use)"))
        }
        let start = declaration.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = declaration.endPositionBeforeTrailingTrivia.utf8Offset
        let bytes = Array(text.utf8)
        // Alone on its line (trailing spaces or a comment allowed): the line can go as a whole.
        // A line ends at LF, CRLF or a lone CR, as the parser counts lines: a search for LF
        // alone would take a lone-CR file's every later line for the rest of this one.
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") { lineStart -= 1 }
        var lineEnd = end
        while lineEnd < bytes.count, !Self.isLineBreak(bytes[lineEnd]) { lineEnd += 1 }
        let breakLength = lineEnd == bytes.count ? 0 : (bytes[lineEnd] == Self.carriageReturn && lineEnd + 1 < bytes.count
                                                         && bytes[lineEnd + 1] == Self.lineFeed ? 2 : 1)
        let rest = String(decoding: bytes[end..<lineEnd], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard lineStart == 0 || Self.isLineBreak(bytes[lineStart - 1]), rest.isEmpty || rest.hasPrefix("//") else {
            return .failure(Refusal(reason: "other code shares the import's line"))
        }
        if replacements.isEmpty {
            return .success([(lineStart..<lineEnd + breakLength, "")])
        }
        // The import's own line break, else the file's first: a mixed file keeps each line's.
        let lineEnding = breakLength > 0 ? String(decoding: bytes[lineEnd..<lineEnd + breakLength], as: UTF8.self) : fileLineEnding
        let indentation = String(decoding: bytes[lineStart..<start], as: UTF8.self)
        let lines = replacements.map { "import \($0)" }.joined(separator: lineEnding + indentation)
        return .success([(start..<end, lines)])
    }

    static let lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    static func isLineBreak(_ byte: UInt8) -> Bool { byte == lineFeed || byte == carriageReturn }

    /// The file's first line break (LF, CRLF or a lone CR); LF for a file of one line.
    private var fileLineEnding: String {
        let bytes = Array(text.utf8)
        guard let first = bytes.firstIndex(where: Self.isLineBreak) else { return "\n" }
        if bytes[first] == Self.lineFeed { return "\n" }
        return first + 1 < bytes.count && bytes[first + 1] == Self.lineFeed ? "\r\n" : "\r"
    }

    // MARK: properties

    private func variable(named name: String, line: Int) -> Result<VariableDeclSyntax, Refusal> {
        for token in tokensByLine[line] ?? [] where token.tokenKind == .identifier(name) {
            guard let pattern = token.parent?.as(IdentifierPatternSyntax.self),
                  let declaration = pattern.ancestorOrSelf(mapping: { $0.as(VariableDeclSyntax.self) }) else { continue }
            guard declaration.bindings.count == 1 else {
                return .failure(Refusal(reason: "'\(name)' is declared with other variables in one statement"))
            }
            return .success(declaration)
        }
        return .failure(Refusal(reason: "'\(name)' is not declared on line \(line) any more"))
    }

    private func modifiers(of declaration: VariableDeclSyntax) -> [String] {
        declaration.modifiers.map { $0.name.text + ($0.detail.map { "(\($0.detail.text))" } ?? "") }
    }

    private func restrictSetter(_ declaration: VariableDeclSyntax, access: String) -> Result<[(Range<Int>, String)], Refusal> {
        let modifiers = modifiers(of: declaration)
        guard declaration.bindingSpecifier.tokenKind == .keyword(.var) else { return .failure(Refusal(reason: "it is not a 'var'")) }
        guard !modifiers.contains(where: { $0.hasSuffix("(set)") || $0 == "private" || $0 == "fileprivate" }) else {
            return .failure(Refusal(reason: "its setter is already restricted"))
        }
        guard !modifiers.contains("override") else { return .failure(Refusal(reason: "it overrides a superclass property")) }
        if let accessors = declaration.bindings.first?.accessorBlock?.accessors {
            let kinds = accessors.as(AccessorDeclListSyntax.self)?.map(\.accessorSpecifier.text) ?? ["get"]
            guard kinds.allSatisfy({ $0 == "willSet" || $0 == "didSet" }) else {
                return .failure(Refusal(reason: "it is a computed property"))
            }
        }
        let at = declaration.bindingSpecifier.positionAfterSkippingLeadingTrivia.utf8Offset
        return .success([(at..<at, "\(access)(set) ")])
    }

    private func makeWeak(_ declaration: VariableDeclSyntax) -> Result<[(Range<Int>, String)], Refusal> {
        let modifiers = modifiers(of: declaration)
        guard declaration.bindingSpecifier.tokenKind == .keyword(.var) else {
            return .failure(Refusal(reason: "it is a 'let': make it an optional 'var' and set it where the module is built"))
        }
        guard !modifiers.contains(where: { ["weak", "unowned", "lazy", "override"].contains($0) || $0.hasPrefix("unowned") }),
              declaration.attributes.isEmpty else {
            return .failure(Refusal(reason: "its attributes or modifiers rule out 'weak'"))
        }
        guard let binding = declaration.bindings.first, binding.accessorBlock == nil, binding.initializer == nil,
              let type = binding.typeAnnotation?.type,
              type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) else {
            return .failure(Refusal(reason: "its type is not optional: 'weak' needs 'T?' or 'T!', and whoever sets it may need changes"))
        }
        let at = declaration.bindingSpecifier.positionAfterSkippingLeadingTrivia.utf8Offset
        return .success([(at..<at, "weak ")])
    }

    // MARK: protocols

    private func bindToClasses(_ name: String, line: Int) -> Result<[(Range<Int>, String)], Refusal> {
        let protocols = tree.tokens(viewMode: .sourceAccurate).compactMap { token -> ProtocolDeclSyntax? in
            guard token.tokenKind == .identifier(name), let declaration = token.parent?.as(ProtocolDeclSyntax.self),
                  declaration.name.id == token.id else { return nil }
            return declaration
        }
        guard let declaration = protocols.first(where: { self.line(of: $0.protocolKeyword.positionAfterSkippingLeadingTrivia) == line })
                ?? (protocols.count == 1 ? protocols.first : nil) else {
            return .failure(Refusal(reason: "protocol '\(name)' is not found in its file any more"))
        }
        // `mutating` is not allowed in a class-bound protocol or its extensions.
        let extensions = tree.statements.compactMap { $0.item.as(ExtensionDeclSyntax.self) }
            .filter { $0.extendedType.trimmedDescription == name }.map(\.memberBlock)
        for members in [declaration.memberBlock] + extensions {
            if let member = members.members.first(where: { $0.decl.asProtocol(WithModifiersSyntax.self)?.modifiers
                .contains { $0.name.tokenKind == .keyword(.mutating) } == true }) {
                let line = self.line(of: member.positionAfterSkippingLeadingTrivia)
                return .failure(Refusal(reason: "'\(name)' declares a 'mutating' member (line \(line)), which a class-bound protocol cannot"))
            }
        }
        guard let inherited = declaration.inheritanceClause?.inheritedTypes else {
            let at = (declaration.primaryAssociatedTypeClause.map { Syntax($0) } ?? Syntax(declaration.name)).endPositionBeforeTrailingTrivia.utf8Offset
            return .success([(at..<at, ": AnyObject")])
        }
        if inherited.contains(where: { ["AnyObject", "class", "NSObjectProtocol"].contains($0.type.trimmedDescription) }) {
            return .success([])
        }
        let at = inherited.first!.positionAfterSkippingLeadingTrivia.utf8Offset
        return .success([(at..<at, "AnyObject, ")])
    }
}
