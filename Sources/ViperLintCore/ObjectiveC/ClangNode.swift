import CLibclang

/// One libclang cursor of the main file, copied out of the translation unit into plain values
/// so that fact extraction is ordinary Swift over a tree (and the unit can be disposed).
struct ClangNode: Sendable {
    var kind: Int32
    var spelling: String
    /// The declared type as clang prints it (`id<HomeViewInput>`), for properties, instance
    /// variables, variables and parameters; empty otherwise.
    var typeSpelling = ""
    /// `CXObjCPropertyAttrKind` bits as written, for properties.
    var propertyAttributes: UInt32 = 0
    /// 1-based line and UTF-8 byte column of the cursor (the name of a declaration).
    var position: SourcePosition
    /// Byte offset of the cursor's location.
    var offset: Int
    /// Where the cursor's extent starts (the `[` of a message).
    var startPosition: SourcePosition
    /// Byte offsets of the cursor's extent in the main file.
    var start: Int
    var end: Int
    var children: [ClangNode] = []

    /// Depth-first, the node itself first.
    func forEach(_ body: (ClangNode) -> Void) {
        body(self)
        for child in children { child.forEach(body) }
    }

    /// The first descendant (or self) of a kind.
    func first(_ kind: Int32) -> ClangNode? {
        if self.kind == kind { return self }
        for child in children { if let found = child.first(kind) { return found } }
        return nil
    }

    /// The node without implicit wrappers (`UnexposedExpr`, parentheses) around one child.
    var unwrapped: ClangNode {
        var node = self
        while node.kind == Int32(VLCursor_UnexposedExpr) || node.kind == Int32(VLCursor_ParenExpr), node.children.count == 1 { node = node.children[0] }
        return node
    }
}

/// Copies the cursors located in the main file, recursively.
final class ClangTreeBuilder {
    private let clang: Libclang
    private var levels: [[ClangNode]] = [[]]

    init(clang: Libclang) { self.clang = clang }

    /// The top-level cursors of the unit that are in the main file, with their subtrees.
    func build(_ unit: VLTranslationUnit) -> [ClangNode] {
        visitChildren(of: clang.api.getTranslationUnitCursor(unit))
        return levels.removeLast()
    }

    private func visitChildren(of cursor: VLCursor) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = clang.api.visitChildren(cursor, { cursor, _, context in
            let builder = Unmanaged<ClangTreeBuilder>.fromOpaque(context!).takeUnretainedValue()
            builder.add(cursor)
            return 1  // continue with the next sibling: children were visited by `add`
        }, context)
    }

    private func add(_ cursor: VLCursor) {
        let api = clang.api
        let location = api.getCursorLocation(cursor)
        // Headers are read for their declarations, but their facts belong to their own files.
        guard api.locationIsFromMainFile(location) != 0 else { return }
        let kind = api.getCursorKind(cursor)
        // Macro definitions and expansions: the preprocessing record lists them beside the
        // declarations; only inclusion directives are wanted from it.
        if kind == Int32(VLCursor_MacroDefinition) || kind == Int32(VLCursor_MacroExpansion) { return }
        let extent = api.getCursorExtent(cursor)
        let start = api.getRangeStart(extent)
        var node = ClangNode(kind: kind, spelling: clang.take(api.getCursorSpelling(cursor)),
                             position: Self.position(location, api: api), offset: Self.offset(location, api: api),
                             startPosition: Self.position(start, api: api),
                             start: Self.offset(start, api: api),
                             end: Self.offset(api.getRangeEnd(extent), api: api))
        switch kind {
        case Int32(VLCursor_ObjCPropertyDecl):
            node.propertyAttributes = api.getObjCPropertyAttributes(cursor, 0)
            node.typeSpelling = clang.take(api.getTypeSpelling(api.getCursorType(cursor)))
        case Int32(VLCursor_ObjCIvarDecl), Int32(VLCursor_VarDecl), Int32(VLCursor_ParmDecl):
            node.typeSpelling = clang.take(api.getTypeSpelling(api.getCursorType(cursor)))
        default:
            break
        }
        levels.append([])
        visitChildren(of: cursor)
        node.children = levels.removeLast()
        levels[levels.count - 1].append(node)
    }

    static func position(_ location: VLSourceLocation, api: VLClangAPI) -> SourcePosition {
        var line: UInt32 = 0
        var column: UInt32 = 0
        api.getExpansionLocation(location, nil, &line, &column, nil)
        return SourcePosition(line: Int(line), column: Int(column))
    }

    static func offset(_ location: VLSourceLocation, api: VLClangAPI) -> Int {
        var offset: UInt32 = 0
        api.getExpansionLocation(location, nil, nil, nil, &offset)
        return Int(offset)
    }
}
