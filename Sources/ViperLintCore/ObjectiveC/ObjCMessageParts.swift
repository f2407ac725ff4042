/// The parts of a message expression `[receiver first:a second:b]`, read from the source
/// between the cursors of its receiver and arguments: libclang names the selector only when it
/// found the method's declaration, and without the SDK it rarely does.
struct ObjCMessageParts {
    /// The receiver expression; nil for `super` (which has no cursor).
    var receiver: ClangNode?
    /// Selector pieces: `["first", "second"]`; `["count"]` for a unary message.
    var pieces: [String] = []
    /// Whether the selector takes arguments (`first:`), as opposed to `[x count]`.
    var isKeyword = false
    var arguments: [ClangNode] = []

    init(_ node: ClangNode, bytes: [UInt8]) {
        let end = min(node.end, bytes.count)
        var position = node.start
        guard position < end, bytes[position] == UInt8(ascii: "[") else { return }
        position += 1
        var children = node.children[...]
        position = Self.skipSpace(bytes, position, end)
        if let first = children.first, first.start <= position {
            receiver = first
            children = children.dropFirst()
            position = max(position, first.end)
        } else {
            // `super`, or a receiver clang could not represent: a word.
            position = Self.word(bytes, Self.skipSpace(bytes, position, end), end).end
        }
        while true {
            position = Self.skipSpace(bytes, position, end)
            guard position < end, bytes[position] != UInt8(ascii: "]") else { break }
            let (word, after) = Self.word(bytes, position, end)
            position = Self.skipSpace(bytes, after, end)
            if position < end, bytes[position] == UInt8(ascii: ":") {
                isKeyword = true
                pieces.append(word)
                position += 1
                // The argument, and for variadic selectors (`arrayWithObjects:a, b, nil`) the rest.
                while let next = children.first {
                    arguments.append(next)
                    children = children.dropFirst()
                    position = max(position, next.end)
                    let afterArgument = Self.skipSpace(bytes, position, end)
                    guard afterArgument < end, bytes[afterArgument] == UInt8(ascii: ","), children.first != nil else { break }
                    position = afterArgument + 1
                }
            } else if !word.isEmpty, pieces.isEmpty {
                pieces.append(word)
                break
            } else {
                break
            }
        }
        arguments += children
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte == 0x5F || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte >= 0x80
    }

    private static func word(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (String, end: Int) {
        var position = start
        while position < end, isWordByte(bytes[position]) { position += 1 }
        return (String(decoding: bytes[start..<position], as: UTF8.self), position)
    }

    /// Skips whitespace and comments.
    private static func skipSpace(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
        var position = start
        while position < end {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B {
                position += 1
            } else if byte == UInt8(ascii: "/"), position + 1 < end, bytes[position + 1] == UInt8(ascii: "/") {
                while position < end, bytes[position] != 0x0A { position += 1 }
            } else if byte == UInt8(ascii: "/"), position + 1 < end, bytes[position + 1] == UInt8(ascii: "*") {
                position += 2
                while position + 1 < end, !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) { position += 1 }
                position += 2
            } else {
                break
            }
        }
        return min(position, end)
    }
}
