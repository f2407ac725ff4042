import Foundation

/// A compact binary form of `FileFacts` for the cache. Foundation's JSON coders made a warm
/// cache slower than parsing; this writes each field in declaration order (integers as
/// LEB128 varints, strings as length + UTF-8), and a round-trip test keeps it exact.
///
/// With `sharing`, a string longer than Swift's inline 15 bytes, or a non-empty string list,
/// that was written before is written as a back-reference (a negative length: the first
/// occurrence's number). A file repeats its type names and call chains hundreds of times:
/// the reader then decodes each once and holds one shared value, without hashing anything.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []
    private let sharing: Bool
    private var sharedStrings: [ExactText: Int] = [:]
    /// Lists by their strings' bytes, each preceded by its length: one bulk hash per list.
    private var sharedLists: [ByteKey: Int] = [:]

    init(sharing: Bool = false) { self.sharing = sharing }

    mutating func int(_ value: Int) {
        var zigzag = UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))
        repeat {
            var byte = UInt8(zigzag & 0x7F)
            zigzag >>= 7
            if zigzag != 0 { byte |= 0x80 }
            bytes.append(byte)
        } while zigzag != 0
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func string(_ value: String) {
        let count = value.utf8.count
        if sharing, count > ByteReader.inlineLength {
            let key = ExactText(value)
            if let number = sharedStrings[key] { return int(-1 - number) }
            sharedStrings[key] = sharedStrings.count
        }
        int(count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func optional<T>(_ value: T?, _ write: (inout ByteWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    mutating func array<T>(_ values: [T], _ write: (inout ByteWriter, T) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }

    mutating func strings(_ values: [String]) {
        if sharing, !values.isEmpty {
            var bytes: [UInt8] = []
            for value in values {
                withUnsafeBytes(of: UInt32(truncatingIfNeeded: value.utf8.count)) { bytes.append(contentsOf: $0) }
                bytes.append(contentsOf: value.utf8)
            }
            let key = ByteKey(bytes: bytes)
            if let number = sharedLists[key] { return int(-1 - number) }
            sharedLists[key] = sharedLists.count
        }
        array(values) { $0.string($1) }
    }

    mutating func byteArray<Bytes: Collection<UInt8>>(_ values: Bytes) {
        int(values.count)
        bytes.append(contentsOf: values)
    }

    mutating func position(_ value: SourcePosition) {
        int(value.line)
        int(value.column)
    }

    /// A type declaration; without positions for the classification signature.
    mutating func declaration(_ type: TypeDeclFact, positions: Bool) {
        string(type.kind.rawValue)
        string(type.name)
        string(type.qualifiedName)
        optional(type.parent) { $0.int($1) }
        strings(type.inherited)
        strings(type.attributes)
        array(type.properties) { writer, property in
            writer.string(property.name)
            writer.strings(property.typeNames)
            writer.string(property.ownership.rawValue)
            writer.bool(property.isLet)
            writer.bool(property.isStatic)
            writer.optional(property.access) { $0.string($1) }
            writer.optional(property.setterAccess) { $0.string($1) }
            writer.strings(property.attributes)
            writer.bool(property.hasInitializer)
            if positions { writer.position(property.position) }
            writer.strings(property.initializerTypeNames)
        }
        if positions { position(type.position) }
    }

    mutating func location(_ value: CodeLocation) {
        position(value.position)
        optional(value.context) { $0.int($1) }
        optional(value.member) { $0.string($1) }
        bool(value.inViewBuilder)
    }
}

/// Reads what `ByteWriter` wrote; any inconsistency (a truncated or foreign entry, a
/// back-reference to nothing) throws. Strings longer than `inlineLength` and non-empty
/// string lists are kept in order of appearance, for the writer's back-references.
struct ByteReader {
    struct Malformed: Error {}

    /// Swift stores strings up to this many UTF-8 bytes inline: sharing them saves nothing.
    static let inlineLength = 15

    private let bytes: [UInt8]
    private var offset = 0
    private var sharedStrings: [String] = []
    private var sharedLists: [[String]] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    /// Where the next read starts.
    var cursor: Int { offset }

    /// The bytes between two positions.
    func slice(_ range: Range<Int>) -> ArraySlice<UInt8> { bytes[range] }

    /// The next `count` bytes as they are.
    mutating func fixed(_ count: Int) throws(Malformed) -> ArraySlice<UInt8> {
        guard count <= bytes.count - offset else { throw Malformed() }
        offset += count
        return bytes[offset - count..<offset]
    }

    mutating func int() throws(Malformed) -> Int {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
        }
        let decoded = Int64(bitPattern: (result >> 1) ^ (0 &- (result & 1)))
        return Int(decoded)
    }

    mutating func bool() throws(Malformed) -> Bool {
        guard offset < bytes.count, bytes[offset] <= 1 else { throw Malformed() }
        offset += 1
        return bytes[offset - 1] == 1
    }

    mutating func string() throws(Malformed) -> String {
        let count = try int()
        if count < 0 { return try Self.shared(count, in: sharedStrings) }
        guard count <= bytes.count - offset, let text = UTF8Text.decode(bytes[offset..<offset + count]) else { throw Malformed() }
        offset += count
        if count > Self.inlineLength { sharedStrings.append(text) }
        return text
    }

    /// The value a back-reference (`-1 - number`) names.
    private static func shared<T>(_ reference: Int, in table: [T]) throws(Malformed) -> T {
        let number = -1 - reference
        guard number < table.count else { throw Malformed() }
        return table[number]
    }

    mutating func optional<T>(_ read: (inout ByteReader) throws(Malformed) -> T) throws(Malformed) -> T? {
        try bool() ? try read(&self) : nil
    }

    mutating func array<T>(_ read: (inout ByteReader) throws(Malformed) -> T) throws(Malformed) -> [T] {
        let count = try int()
        guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    mutating func strings() throws(Malformed) -> [String] {
        let count = try int()
        if count < 0 { return try Self.shared(count, in: sharedLists) }
        guard count <= bytes.count - offset else { throw Malformed() }
        var list: [String] = []
        list.reserveCapacity(count)
        for _ in 0..<count { list.append(try string()) }
        if count > 0 { sharedLists.append(list) }
        return list
    }

    mutating func byteArray() throws(Malformed) -> [UInt8] { Array(try byteSlice()) }

    /// Length-prefixed bytes, sharing the reader's storage.
    mutating func byteSlice() throws(Malformed) -> ArraySlice<UInt8> {
        let count = try int()
        guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
        offset += count
        return bytes[offset - count..<offset]
    }

    /// An index into the file's declarations: never negative (nor past 32 bits, how facts hold it).
    mutating func declarationIndex() throws(Malformed) -> Int {
        let index = try int()
        guard index >= 0, index <= Int(Int32.max) else { throw Malformed() }
        return index
    }

    mutating func position() throws(Malformed) -> SourcePosition {
        SourcePosition(line: try int(), column: try int())
    }

    mutating func location() throws(Malformed) -> CodeLocation {
        CodeLocation(position: try position(), context: try optional { reader throws(Malformed) in try reader.declarationIndex() },
                     member: try optional { reader throws(Malformed) in try reader.string() }, inViewBuilder: try bool())
    }

    mutating func raw<T: RawRepresentable>(_ type: T.Type) throws(Malformed) -> T where T.RawValue == String {
        guard let value = T(rawValue: try string()) else { throw Malformed() }
        return value
    }
}

extension FileFacts {
    func encoded() -> [UInt8] {
        var writer = ByteWriter(sharing: true)
        writer.string(path)
        writer.int(lineCount)
        writer.array(imports) { writer, fact in
            writer.strings(fact.path)
            writer.position(fact.position)
            writer.bool(fact.debugOnly)
        }
        writer.array(types) { writer, type in writer.declaration(type, positions: true) }
        writer.array(references) { writer, reference in
            writer.string(reference.name)
            writer.string(reference.kind.rawValue)
            writer.position(reference.position)
            writer.optional(reference.context) { $0.int($1) }
            writer.optional(reference.member) { $0.string($1) }
            writer.optional(reference.accessedMember) { $0.string($1) }
        }
        writer.array(functions) { writer, function in
            writer.string(function.kind.rawValue)
            writer.string(function.name)
            writer.location(function.location)
            writer.bool(function.isStatic)
            writer.int(function.complexity)
            writer.array(function.parameters) { writer, parameter in
                writer.string(parameter.name)
                writer.strings(parameter.typeNames)
            }
            writer.strings(function.attributes)
            writer.strings(function.resultTypeNames)
        }
        writer.array(calls) { writer, call in
            writer.strings(call.chain)
            writer.strings(call.argumentLabels)
            writer.location(call.location)
        }
        writer.array(controlFlow) { writer, flow in
            writer.string(flow.kind.rawValue)
            writer.strings(flow.identifiers)
            writer.location(flow.location)
        }
        for list in [assignments, selfWrites, keyPaths] {
            writer.array(list) { writer, assignment in
                writer.strings(assignment.target)
                writer.location(assignment.location)
            }
        }
        writer.strings(bindings)
        writer.array(memberReads) { writer, read in
            writer.strings(read.chain)
            writer.location(read.location)
            writer.bool(read.isCalled)
            writer.optional(read.consumer) { $0.string($1) }
        }
        writer.array(implicitMembers) { writer, member in
            writer.string(member.name)
            writer.string(member.callee)
            writer.int(member.argument)
            writer.location(member.location)
        }
        writer.array(valueBindings) { writer, binding in
            writer.string(binding.name)
            writer.strings(binding.source)
            writer.location(binding.location)
            writer.optional(binding.endLine) { $0.int($1) }
        }
        writer.array(typeAliases) { writer, alias in
            writer.string(alias.name)
            writer.strings(alias.typeNames)
        }
        writer.array(wiring) { writer, fact in
            writer.int(fact.function)
            writer.array(fact.objects) { writer, object in
                writer.string(object.name)
                writer.string(object.type)
                writer.position(object.position)
            }
            writer.array(fact.connections) { writer, connection in
                writer.string(connection.holder)
                writer.string(connection.property)
                writer.string(connection.value)
                writer.position(connection.position)
            }
        }
        writer.array(suppressions) { writer, suppression in
            writer.string(suppression.kind.rawValue)
            writer.strings(suppression.rules)
            writer.position(suppression.position)
        }
        writer.optional(parseError) { writer, error in
            writer.string(error.message)
            writer.position(error.position)
        }
        writer.optional(licenseHeader) { $0.string($1) }
        return writer.bytes
    }

    init(decoding bytes: [UInt8]) throws(ByteReader.Malformed) {
        typealias Malformed = ByteReader.Malformed
        var reader = ByteReader(bytes)
        self.init(path: try reader.string(), lineCount: try reader.int())
        imports = try reader.array { reader throws(Malformed) in
            ImportFact(path: try reader.strings(), position: try reader.position(), debugOnly: try reader.bool())
        }
        types = try reader.array { reader throws(Malformed) in
            TypeDeclFact(
                kind: try reader.raw(TypeKind.self), name: try reader.string(), qualifiedName: try reader.string(),
                parent: try reader.optional { reader throws(Malformed) in try reader.declarationIndex() },
                inherited: try reader.strings(), attributes: try reader.strings(),
                properties: try reader.array { reader throws(Malformed) in
                    PropertyFact(
                        name: try reader.string(), typeNames: try reader.strings(),
                        ownership: try reader.raw(PropertyFact.Ownership.self), isLet: try reader.bool(), isStatic: try reader.bool(),
                        access: try reader.optional { reader throws(Malformed) in try reader.string() },
                        setterAccess: try reader.optional { reader throws(Malformed) in try reader.string() },
                        attributes: try reader.strings(), hasInitializer: try reader.bool(), position: try reader.position(),
                        initializerTypeNames: try reader.strings())
                },
                position: try reader.position())
        }
        references = try reader.array { reader throws(Malformed) in
            TypeReferenceFact(
                name: try reader.string(), kind: try reader.raw(ReferenceKind.self), position: try reader.position(),
                context: try reader.optional { reader throws(Malformed) in try reader.declarationIndex() },
                member: try reader.optional { reader throws(Malformed) in try reader.string() },
                accessedMember: try reader.optional { reader throws(Malformed) in try reader.string() })
        }
        functions = try reader.array { reader throws(Malformed) in
            FunctionFact(
                kind: try reader.raw(FunctionFact.Kind.self), name: try reader.string(), location: try reader.location(),
                isStatic: try reader.bool(), complexity: try reader.int(),
                parameters: try reader.array { reader throws(Malformed) in
                    ParameterFact(name: try reader.string(), typeNames: try reader.strings())
                },
                attributes: try reader.strings(), resultTypeNames: try reader.strings())
        }
        calls = try reader.array { reader throws(Malformed) in
            CallFact(chain: try reader.strings(), argumentLabels: try reader.strings(), location: try reader.location())
        }
        controlFlow = try reader.array { reader throws(Malformed) in
            ControlFlowFact(kind: try reader.raw(ControlFlowFact.Kind.self), identifiers: try reader.strings(), location: try reader.location())
        }
        func readAssignments() throws(Malformed) -> [AssignmentFact] {
            try reader.array { reader throws(Malformed) in
                AssignmentFact(target: try reader.strings(), location: try reader.location())
            }
        }
        assignments = try readAssignments()
        selfWrites = try readAssignments()
        keyPaths = try readAssignments()
        bindings = try reader.strings()
        memberReads = try reader.array { reader throws(Malformed) in
            MemberReadFact(chain: try reader.strings(), location: try reader.location(), isCalled: try reader.bool(),
                           consumer: try reader.optional { reader throws(Malformed) in try reader.string() })
        }
        implicitMembers = try reader.array { reader throws(Malformed) in
            ImplicitMemberFact(name: try reader.string(), callee: try reader.string(), argument: try reader.int(), location: try reader.location())
        }
        valueBindings = try reader.array { reader throws(Malformed) in
            ValueBindingFact(name: try reader.string(), source: try reader.strings(), location: try reader.location(),
                             endLine: try reader.optional { reader throws(Malformed) in try reader.int() })
        }
        typeAliases = try reader.array { reader throws(Malformed) in
            TypeAliasFact(name: try reader.string(), typeNames: try reader.strings())
        }
        wiring = try reader.array { reader throws(Malformed) in
            WiringFact(function: try reader.int(), objects: try reader.array { reader throws(Malformed) in
                WiredObject(name: try reader.string(), type: try reader.string(), position: try reader.position())
            }, connections: try reader.array { reader throws(Malformed) in
                WiredConnection(holder: try reader.string(), property: try reader.string(), value: try reader.string(),
                                position: try reader.position())
            })
        }
        suppressions = try reader.array { reader throws(Malformed) in
            SuppressionFact(kind: try reader.raw(SuppressionFact.Kind.self), rules: try reader.strings(), position: try reader.position())
        }
        parseError = try reader.optional { reader throws(Malformed) in
            ParseErrorFact(message: try reader.string(), position: try reader.position())
        }
        licenseHeader = try reader.optional { reader throws(Malformed) in try reader.string() }
        guard reader.isAtEnd, indexesAreInRange else { throw Malformed() }
    }

    /// Whether every declaration index points into `types`, and every parent comes before its
    /// child (as extraction writes them): a cache file is input like any other, and an entry
    /// that fails this would send a rule out of bounds or round a parent cycle forever.
    var indexesAreInRange: Bool {
        let count = types.count
        func valid(_ index: Int?) -> Bool { index.map { $0 >= 0 && $0 < count } ?? true }
        return types.indices.allSatisfy { index in types[index].parent.map { $0 >= 0 && $0 < index } ?? true }
            && references.allSatisfy { valid($0.context) }
            && functions.allSatisfy { valid($0.location.context) } && calls.allSatisfy { valid($0.location.context) }
            && controlFlow.allSatisfy { valid($0.location.context) }
            && (assignments + selfWrites + keyPaths).allSatisfy { valid($0.location.context) }
            && memberReads.allSatisfy { valid($0.location.context) } && implicitMembers.allSatisfy { valid($0.location.context) } && valueBindings.allSatisfy { valid($0.location.context) }
            && wiring.allSatisfy { $0.function >= 0 && $0.function < functions.count }
    }
}

/// A string as a dictionary key compared byte for byte: Swift's `==` equates canonically
/// equivalent spellings (`é` composed or not), and a back-reference must give back the bytes
/// that were written.
struct ExactText: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    static func == (left: Self, right: Self) -> Bool { left.text.utf8.elementsEqual(right.text.utf8) }
}

/// Bytes as a dictionary key, hashed and compared in bulk (an array's own hashing goes
/// element by element).
struct ByteKey: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }

    static func == (left: Self, right: Self) -> Bool {
        left.bytes.count == right.bytes.count && left.bytes.withUnsafeBytes { a in
            right.bytes.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }
}
