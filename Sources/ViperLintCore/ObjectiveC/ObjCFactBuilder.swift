import CLibclang
import Foundation

/// Walks the cursor tree of one Objective-C file and fills its `FileFacts`.
struct ObjCFactBuilder {
    var facts: FileFacts
    private let bytes: [UInt8]
    private let projectHeaders: Set<String>
    /// Where the code being walked sits.
    private var context: Int?
    private var member: String?
    /// Index into `facts.functions` of the method being walked, whose complexity is counted.
    private var function: Int?

    init(path: String, text: String, projectHeaders: Set<String>) {
        facts = FileFacts(path: path)
        bytes = Array(text.utf8)
        self.projectHeaders = projectHeaders
    }

    private static let classRef = Int32(VLCursor_ObjCClassRef)
    private static let protocolRef = Int32(VLCursor_ObjCProtocolRef)
    private static let superClassRef = Int32(VLCursor_ObjCSuperClassRef)
    private static let typeRef = Int32(VLCursor_TypeRef)
    private static let typeReferenceKinds: Set<Int32> = [classRef, protocolRef, typeRef]

    // MARK: Top level

    mutating func topLevel(_ node: ClangNode) {
        context = nil
        member = nil
        switch node.kind {
        case Int32(VLCursor_InclusionDirective):
            if let fact = inclusion(node) { facts.imports.append(fact) }
        case Int32(VLCursor_ObjCInterfaceDecl):
            container(node, kind: .class, name: node.spelling)
        case Int32(VLCursor_ObjCProtocolDecl):
            container(node, kind: .protocol, name: node.spelling)
        case Int32(VLCursor_ObjCImplementationDecl):
            container(node, kind: .extension, name: node.spelling)
        case Int32(VLCursor_ObjCCategoryDecl), Int32(VLCursor_ObjCCategoryImplDecl):
            // The class is the first class reference; the category's own name is not a type.
            guard let extended = node.children.first(where: { $0.kind == Self.classRef }) else { return }
            container(node, kind: .extension, name: Self.typeName(extended.spelling))
        case Int32(VLCursor_FunctionDecl):
            method(node, isStatic: true)
        case Int32(VLCursor_VarDecl):
            member = node.spelling
            declarationReferences(node)
        default:
            // `@class X;` and `@protocol P;` declare names, they do not use them: the uses are
            // counted where they are. Typedefs, enums and structs carry no VIPER facts.
            break
        }
    }

    /// `#import <UIKit/UIKit.h>` imports UIKit; `#import "HomeView.h"` of a project header
    /// imports nothing; `#import "AFNetworking.h"` of a header the project does not have
    /// imports AFNetworking.
    private func inclusion(_ node: ClangNode) -> ImportFact? {
        let name = node.spelling
        guard !name.isEmpty else { return nil }
        let lower = min(node.start, bytes.count)
        let directive = bytes[lower..<max(lower, min(node.end, bytes.count))]
        let angled = directive.firstIndex(of: UInt8(ascii: "<")).map { angle in
            directive.firstIndex(of: UInt8(ascii: "\"")).map { angle < $0 } ?? true
        } ?? false
        let fileName = name.split(separator: "/").last.map(String.init) ?? name
        if !angled, projectHeaders.contains(fileName) || fileName.hasSuffix("-Swift.h") { return nil }
        let components = name.split(separator: "/")
        let module = components.count > 1 ? String(components[0]) : String(fileName.split(separator: ".").first ?? "")
        guard !module.isEmpty else { return nil }
        return ImportFact(path: [module], position: node.position)
    }

    // MARK: Declarations

    private mutating func container(_ node: ClangNode, kind: TypeKind, name: String) {
        guard !name.isEmpty else { return }
        facts.types.append(TypeDeclFact(kind: kind, name: name, qualifiedName: name, parent: nil, inherited: [],
                                        attributes: ["objc"], properties: [], position: node.position))
        let index = facts.types.count - 1
        context = index
        // A property's implicit getter and setter are listed as methods at its position.
        let propertyPositions = Set(node.children.filter { $0.kind == Int32(VLCursor_ObjCPropertyDecl) }.map(\.position))
        for child in node.children {
            member = nil
            switch child.kind {
            case Self.superClassRef, Self.protocolRef:
                facts.types[index].inherited.append(Self.typeName(child.spelling))
                reference(child, kind: .conformance)
            case Int32(VLCursor_ObjCPropertyDecl):
                member = child.spelling
                facts.types[index].properties.append(property(child))
                declarationReferences(child)
            case Int32(VLCursor_ObjCIvarDecl):
                member = child.spelling
                facts.types[index].properties.append(instanceVariable(child))
                declarationReferences(child)
            case Int32(VLCursor_ObjCInstanceMethodDecl) where !propertyPositions.contains(child.position):
                method(child, isStatic: false)
            case Int32(VLCursor_ObjCClassMethodDecl) where !propertyPositions.contains(child.position):
                method(child, isStatic: true)
            default:
                break
            }
        }
    }

    /// Objective-C's own type words, which name no type of anyone's project.
    static let builtinNames: Set<String> = [
        "id", "instancetype", "Class", "SEL", "IMP", "BOOL", "void", "char", "short", "int", "long", "float", "double",
        "signed", "unsigned", "const", "volatile", "struct", "enum", "union", "__weak", "__strong", "__unsafe_unretained",
        "__autoreleasing", "__kindof", "__block", "_Nullable", "_Nonnull", "_Null_unspecified", "nullable", "nonnull",
        "__nullable", "__nonnull", "null_unspecified", "_Bool",
    ]

    /// Interface Builder markers, which are macros and not types.
    static let interfaceBuilderWords: Set<String> = ["IBOutlet", "IBOutletCollection", "IBInspectable"]

    /// The type names a declaration mentions, outermost first, read from its source text up
    /// to its name (`@property (nonatomic) NSArray<HomeItem *> *items` gives NSArray, HomeItem):
    /// clang drops the type arguments of a generic SDK class, because the stub standing in for
    /// it is not generic, so its cursors alone would miss `HomeItem`.
    private func typeNames(in node: ClangNode) -> [String] {
        guard node.start < node.offset, node.offset <= bytes.count else {
            var names: [String] = []
            node.forEach { if Self.typeReferenceKinds.contains($0.kind) { names.append(Self.typeName($0.spelling)) } }
            return names.filter { !Self.builtinNames.contains($0) }
        }
        var declaration = String(decoding: bytes[node.start..<node.offset], as: UTF8.self)
        if declaration.hasPrefix("@property"), let close = declaration.firstIndex(of: ")"), declaration.contains("(") {
            declaration = String(declaration[declaration.index(after: close)...])
        } else if declaration.hasPrefix("@property") {
            declaration = String(declaration.dropFirst("@property".count))
        }
        let words = declaration.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        return words.filter { word in
            // Not Objective-C's own words, not macros (`IBOutlet`, `API_AVAILABLE`), not numbers.
            !Self.builtinNames.contains(word) && !Self.interfaceBuilderWords.contains(word) && word.first?.isNumber == false
                && !(word.contains("_") && word == word.uppercased())
        }
    }

    /// A declaration's type names as references: at their cursors, and those clang has no
    /// cursor for (type arguments) at the declaration.
    private mutating func declarationReferences(_ node: ClangNode) {
        walk(node, role: .annotation)
        var covered: Set<String> = []
        node.forEach { if Self.typeReferenceKinds.contains($0.kind) { covered.insert(Self.typeName($0.spelling)) } }
        for name in typeNames(in: node) where !covered.contains(name) {
            facts.references.append(TypeReferenceFact(name: name, kind: .annotation, position: node.position, context: context, member: member))
            covered.insert(name)
        }
    }

    private func property(_ node: ClangNode) -> PropertyFact {
        let attributes = node.propertyAttributes
        let isObject = node.typeSpelling.contains("*") || node.typeSpelling.hasPrefix("id") || node.typeSpelling.contains(" id")
        let ownership: PropertyFact.Ownership
        if attributes & UInt32(VLPropertyAttr_weak) != 0 {
            ownership = .weak
        } else if attributes & UInt32(VLPropertyAttr_assign | VLPropertyAttr_unsafe_unretained) != 0, isObject {
            ownership = .unowned
        } else {
            ownership = .strong
        }
        return PropertyFact(name: node.spelling, typeNames: typeNames(in: node), ownership: ownership, isLet: false,
                            isStatic: attributes & UInt32(VLPropertyAttr_class) != 0, access: nil,
                            setterAccess: attributes & UInt32(VLPropertyAttr_readonly) != 0 ? "private" : nil,
                            attributes: [], hasInitializer: false, position: node.position)
    }

    private func instanceVariable(_ node: ClangNode) -> PropertyFact {
        let ownership: PropertyFact.Ownership = node.typeSpelling.contains("__weak") ? .weak
            : node.typeSpelling.contains("__unsafe_unretained") ? .unowned : .strong
        return PropertyFact(name: node.spelling, typeNames: typeNames(in: node), ownership: ownership, isLet: false,
                            isStatic: false, access: "private", setterAccess: nil, attributes: [], hasInitializer: false,
                            position: node.position)
    }

    /// A method (or a C function at file scope): its signature's types are annotations, its
    /// body is walked for references, calls and branches.
    private mutating func method(_ node: ClangNode, isStatic: Bool) {
        let selector = node.spelling
        let base = String(selector.prefix { $0 != ":" })
        let isInitializer = !isStatic && base.hasPrefix("init") && (base.count == 4 || base.dropFirst(4).first?.isUppercase == true)
        member = isInitializer ? "init" : base
        var parameters: [ParameterFact] = []
        for child in node.children where child.kind == Int32(VLCursor_ParmDecl) {
            parameters.append(ParameterFact(name: child.spelling, typeNames: typeNames(in: child)))
        }
        facts.functions.append(FunctionFact(
            kind: isInitializer ? .initializer : .function, name: isInitializer ? "init" : base,
            location: location(node.position), isStatic: isStatic, complexity: 1, parameters: parameters, attributes: []))
        let saved = function
        function = facts.functions.count - 1
        defer { function = saved }
        for child in node.children {
            if Self.typeReferenceKinds.contains(child.kind) {
                reference(child, kind: .annotation)
            } else {
                walk(child, role: .annotation)
            }
        }
    }

    // MARK: Code

    private func location(_ position: SourcePosition) -> CodeLocation {
        CodeLocation(position: position, context: context, member: member, inViewBuilder: false)
    }

    private mutating func reference(_ node: ClangNode, kind: ReferenceKind, accessedMember: String? = nil) {
        let name = Self.typeName(node.spelling)
        guard !name.isEmpty, !Self.builtinNames.contains(name) else { return }
        var fact = TypeReferenceFact(name: name, kind: kind, position: node.position, context: context, member: member)
        fact.accessedMember = accessedMember
        facts.references.append(fact)
    }

    /// Walks the children of a node; type names directly under it are used as `role` says
    /// (an annotation in a declaration, a cast in a cast, a plain expression elsewhere).
    private mutating func walk(_ node: ClangNode, role: ReferenceKind) {
        for child in node.children { visit(child, role: role) }
    }

    private mutating func visit(_ node: ClangNode, role: ReferenceKind) {
        switch node.kind {
        case Self.classRef, Self.protocolRef, Self.typeRef:
            reference(node, kind: role)
        case Int32(VLCursor_ObjCMessageExpr):
            message(node)
        case Int32(VLCursor_CallExpr):
            if let callee = node.children.first?.unwrapped, callee.kind == Int32(VLCursor_DeclRefExpr), !callee.spelling.isEmpty {
                facts.calls.append(CallFact(chain: [callee.spelling], argumentLabels: Array(repeating: "_", count: node.children.count - 1),
                                            location: location(node.position)))
            }
            walk(node, role: .expression)
        case Int32(VLCursor_VarDecl), Int32(VLCursor_ParmDecl):
            declarationReferences(node)
        case Int32(VLCursor_CStyleCastExpr):
            walk(node, role: .cast)
        case Int32(VLCursor_IfStmt), Int32(VLCursor_SwitchStmt), Int32(VLCursor_WhileStmt), Int32(VLCursor_DoStmt),
             Int32(VLCursor_ForStmt), Int32(VLCursor_ObjCForCollectionStmt):
            controlFlow(node)
            walk(node, role: .expression)
        case Int32(VLCursor_CaseStmt), Int32(VLCursor_ObjCAtCatchStmt), Int32(VLCursor_ConditionalOperator):
            countDecision()
            walk(node, role: .expression)
        case Int32(VLCursor_BinaryOperator):
            binaryOperator(node)
            walk(node, role: .expression)
        default:
            // Only a type name directly under a declaration or a cast takes that role.
            walk(node, role: .expression)
        }
    }

    private mutating func countDecision() {
        if let function { facts.functions[function].complexity += 1 }
    }

    private mutating func controlFlow(_ node: ClangNode) {
        countDecision()
        let kind: ControlFlowFact.Kind
        var conditions = node.children
        switch node.kind {
        case Int32(VLCursor_IfStmt): kind = .if; conditions = Array(conditions.prefix(1))
        case Int32(VLCursor_SwitchStmt): kind = .switch; conditions = Array(conditions.prefix(1))
        case Int32(VLCursor_WhileStmt): kind = .while; conditions = Array(conditions.prefix(1))
        case Int32(VLCursor_DoStmt): kind = .repeat; conditions = Array(conditions.suffix(1))
        default: kind = .for; conditions = Array(conditions.dropLast())
        }
        var identifiers: [String] = []
        for condition in conditions {
            condition.forEach { node in
                guard node.kind == Int32(VLCursor_DeclRefExpr) || node.kind == Int32(VLCursor_MemberRefExpr) else { return }
                let name = node.spelling.hasPrefix("_") ? String(node.spelling.dropFirst()) : node.spelling
                if name.first?.isLowercase == true, !identifiers.contains(name) { identifiers.append(name) }
            }
        }
        facts.controlFlow.append(ControlFlowFact(kind: kind, identifiers: identifiers, location: location(node.position)))
    }

    /// `&&` and `||` are decisions; `a.b = c` is an assignment to a member.
    private mutating func binaryOperator(_ node: ClangNode) {
        guard node.children.count == 2 else { return }
        let operatorText = text(from: node.children[0].end, to: node.children[1].start)
        if operatorText == "&&" || operatorText == "||" { countDecision() }
        if operatorText == "=", let target = chain(of: node.children[0]), target.count > 1 || node.children[0].unwrapped.kind == Int32(VLCursor_MemberRefExpr) {
            facts.assignments.append(AssignmentFact(target: target, location: location(node.position)))
        }
    }

    // MARK: Messages

    /// `[receiver first:a second:b]`: a call, and for a class receiver a reference to it.
    private mutating func message(_ node: ClangNode) {
        let parts = ObjCMessageParts(node, bytes: bytes)
        let first = parts.pieces.first ?? ""
        if let receiver = parts.receiver?.unwrapped {
            if receiver.kind == Self.classRef {
                let creates = first == "alloc" || first == "new"
                reference(receiver, kind: creates ? .instantiation : .staticAccess, accessedMember: creates ? nil : first)
            } else {
                visit(receiver, role: .expression)
            }
        }
        for argument in parts.arguments { visit(argument, role: .expression) }
        // `[X alloc]` inside `[[X alloc] init…]` is one creation, recorded once for the outer message.
        if first == "alloc", parts.receiver?.unwrapped.kind == Self.classRef { return }
        var names = parts.receiver.flatMap { self.chain(of: $0) } ?? []
        let creates = first == "new" || (first.hasPrefix("init") && parts.receiver.map(Self.isAlloc) == true)
        if !creates { names.append(first) }
        guard !names.isEmpty else { return }
        let labels = parts.isKeyword ? ["_"] + parts.pieces.dropFirst() : []
        facts.calls.append(CallFact(chain: names, argumentLabels: labels, location: location(node.startPosition)))
    }

    private static func isAlloc(_ node: ClangNode) -> Bool {
        let node = node.unwrapped
        return node.kind == Int32(VLCursor_ObjCMessageExpr) && node.spelling == "alloc"
    }

    /// The names an expression is made of, the Swift way: `self.router` is `["router"]`,
    /// `[NSURLSession sharedSession]` is `["NSURLSession", "sharedSession"]`, `[[X alloc] init]`
    /// is `["X"]`; nil for anything else.
    private func chain(of expression: ClangNode) -> [String]? {
        // A dotted path is its own chain, whether or not clang resolved its properties.
        if let names = textChain(expression) { return names }
        let node = expression.unwrapped
        switch node.kind {
        case Self.classRef:
            return [Self.typeName(node.spelling)]
        case Int32(VLCursor_DeclRefExpr):
            return node.spelling == "self" || node.spelling == "super" ? [] : [node.spelling]
        case Int32(VLCursor_ObjCSelfExpr):
            return []
        case Int32(VLCursor_MemberRefExpr) where !node.spelling.isEmpty:
            let base = node.children.first.flatMap { chain(of: $0) } ?? []
            return base + [node.spelling]
        case Int32(VLCursor_ObjCMessageExpr):
            let parts = ObjCMessageParts(node, bytes: bytes)
            let first = parts.pieces.first ?? ""
            let base = parts.receiver.flatMap { chain(of: $0) } ?? []
            if first == "alloc" || first == "new" || (first.hasPrefix("init") && parts.receiver.map(Self.isAlloc) == true) { return base }
            return base + [first]
        case Int32(VLCursor_CallExpr):
            return node.children.first.map { $0.unwrapped.spelling }.map { [$0] }
        default:
            return textChain(node)
        }
    }

    /// `self.router.navigationController` read from the source: where clang could not resolve
    /// a property (its class came from a header that is not there), the cursor has no name.
    private func textChain(_ node: ClangNode) -> [String]? {
        let parts = text(from: node.start, to: node.end).split(separator: ".", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard !parts.isEmpty, parts.allSatisfy({ part in
            !part.isEmpty && part.first?.isNumber == false && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }) else { return nil }
        return parts.first == "self" || parts.first == "super" ? Array(parts.dropFirst()) : parts
    }

    private func text(from start: Int, to end: Int) -> String {
        guard start <= end, end <= bytes.count else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `struct Foo` and `enum Bar` as clang spells tag references: the name only.
    static func typeName(_ spelling: String) -> String {
        String(spelling.split(separator: " ").last ?? "")
    }
}
