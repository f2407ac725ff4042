/// A unified diff of two texts (`diff -u` / `git diff` format, 3 lines of context), for
/// `viperlint fix --dry-run`. Lines are compared with Myers' O((N+M)D) algorithm: a fix
/// changes few lines of large files.
public enum UnifiedDiff {
    /// The diff of `before` and `after` as `a/path` and `b/path`; empty when they are equal.
    public static func make(path: String, before: String, after: String, context: Int = 3) -> String {
        guard before != after else { return "" }
        let old = lines(before), new = lines(after)
        let script = editScript(old, new)
        // Hunks: runs of changes with up to `context` equal lines around them (joined when closer than 2 * context).
        var output = "--- \(quoted("a/" + path))\n+++ \(quoted("b/" + path))\n"
        var index = 0
        while index < script.count {
            guard let firstChange = script[index...].firstIndex(where: { $0 != .same }) else { break }
            let start = max(firstChange - context, index)
            var end = firstChange
            while true {
                guard let next = script[end...].firstIndex(where: { $0 != .same }) else { break }
                if next - end > 2 * context && end != firstChange { break }
                end = script[next...].firstIndex(where: { $0 == .same }) ?? script.count
                if end == script.count { break }
            }
            let stop = min(end + context, script.count)
            // Line numbers where the hunk starts in each file.
            var (oldLine, newLine) = (0, 0)
            for operation in script[..<start] {
                if operation != .insert { oldLine += 1 }
                if operation != .delete { newLine += 1 }
            }
            let hunk = script[start..<stop]
            let oldCount = hunk.filter { $0 != .insert }.count, newCount = hunk.filter { $0 != .delete }.count
            output += "@@ -\(range(oldLine, oldCount)) +\(range(newLine, newCount)) @@\n"
            var (o, n) = (oldLine, newLine)
            for operation in hunk {
                switch operation {
                case .same: output += line(" ", old, o); o += 1; n += 1
                case .delete: output += line("-", old, o); o += 1
                case .insert: output += line("+", new, n); n += 1
                }
            }
            index = stop
        }
        return output
    }

    enum Operation { case same, delete, insert }

    /// A path as git writes it in a patch: in double quotes with C escapes when it holds a
    /// control character, a quote or a backslash, so that a file name cannot forge patch lines.
    static func quoted(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\"" || $0 == "\\" || $0.value == 0x7F }) else { return path }
        var text = "\""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "\""): text += "\\\""
            case UInt8(ascii: "\\"): text += "\\\\"
            case UInt8(ascii: "\n"): text += "\\n"
            case UInt8(ascii: "\t"): text += "\\t"
            case UInt8(ascii: "\r"): text += "\\r"
            case 0..<0x20, 0x7F...: text += "\\" + String(byte, radix: 8).leftPadded(to: 3)
            default: text += String(UnicodeScalar(byte))
            }
        }
        return text + "\""
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
    }

    /// One line of the diff: a line without its newline (the file's last) gets git's marker.
    private static func line(_ prefix: String, _ lines: [String], _ index: Int) -> String {
        let text = lines[index]
        return text.utf8.last == UInt8(ascii: "\n") ? prefix + text : prefix + text + "\n\\ No newline at end of file\n"
    }

    /// The lines with their newlines: a last line without one differs from the same text with
    /// one. Split on the bytes: in a CRLF file "\r\n" is one Character, but its "\n" ends the line.
    private static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            current.append(byte)
            if byte == UInt8(ascii: "\n") {
                lines.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { lines.append(String(decoding: current, as: UTF8.self)) }
        return lines
    }

    /// The shortest edit script turning `a` into `b` (Myers, with the forward trace kept).
    static func editScript(_ a: [String], _ b: [String]) -> [Operation] {
        let (n, m) = (a.count, b.count)
        let offset = n + m + 1
        var frontier = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        search: for distance in 0...(n + m) {
            trace.append(frontier)
            for diagonal in stride(from: -distance, through: distance, by: 2) {
                var x = diagonal == -distance || (diagonal != distance && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
                    ? frontier[offset + diagonal + 1] : frontier[offset + diagonal - 1] + 1
                var y = x - diagonal
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                frontier[offset + diagonal] = x
                if x >= n, y >= m { trace.append(frontier); break search }
            }
        }
        // Walk back through the trace from the end.
        var operations: [Operation] = []
        var (x, y) = (n, m)
        for distance in stride(from: trace.count - 2, through: 0, by: -1) {
            let previous = trace[distance]
            let diagonal = x - y
            let down = diagonal == -distance || (diagonal != distance && previous[offset + diagonal - 1] < previous[offset + diagonal + 1])
            let previousDiagonal = down ? diagonal + 1 : diagonal - 1
            let previousX = previous[offset + previousDiagonal], previousY = previousX - previousDiagonal
            while x > previousX, y > previousY { operations.append(.same); x -= 1; y -= 1 }
            if distance > 0 { operations.append(down ? .insert : .delete) }
            (x, y) = (previousX, previousY)
        }
        while x > 0, y > 0 { operations.append(.same); x -= 1; y -= 1 }
        return operations.reversed()
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
