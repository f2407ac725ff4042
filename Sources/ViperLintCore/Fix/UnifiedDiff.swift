import Foundation

/// A unified diff of two texts (`diff -u` / `git diff` format, 3 lines of context), for
/// `viperlint fix --dry-run`. Lines are compared with Myers' O((N+M)D) algorithm in its
/// linear-space form (the middle snake, divide and conquer): memory is a few words per line
/// of the two texts, however many lines change, and the hunks are written in one pass.
public enum UnifiedDiff {
    /// The patch of a fix run's changes, its paths as `git diff` writes them: relative to the
    /// top of the git work tree holding the project, so that `git apply` there patches these
    /// files and no others (a nested project's `a/Sources/X.swift` is `a/apps/A/Sources/X.swift`).
    /// Outside git, relative to `workingDirectory` when the project is inside it (`git apply`
    /// or `patch -p1` from there), else to the project root. A file reached through a symlink
    /// is named by its target, the file that is written.
    public static func patch(_ changes: [FixReport.Change], projectRoot: URL,
                             workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> String {
        let base = patchBase(projectRoot: projectRoot, workingDirectory: workingDirectory)
        return changes.map { change in
            // A byte order mark is part of line 1 as git sees it: without it, the line is not
            // found and `git apply` rejects the whole patch. `fix` keeps it, so both sides hold it.
            let mark = change.byteOrderMark ? "\u{FEFF}" : ""
            return make(path: patchPath(of: change, base: base), before: mark + change.before, after: mark + change.after)
        }.joined()
    }

    /// The folder a patch's paths are relative to: the git work tree's top, else the working
    /// folder when the project is inside it, else the project root (symlinks resolved).
    static func patchBase(projectRoot: URL, workingDirectory: URL) -> String? {
        if let top = Project.gitRoot(from: projectRoot) { return Fixer.realPath(top.path) }
        let root = Fixer.realPath(projectRoot.path)
        if let root, let here = Fixer.realPath(workingDirectory.path),
           Project.relativePath(of: URL(fileURLWithPath: root), in: URL(fileURLWithPath: here)) != nil {
            return here
        }
        return root
    }

    /// A changed file's path from `base`; its project-relative path when it is not below it.
    static func patchPath(of change: FixReport.Change, base: String?) -> String {
        guard let base, let path = Project.relativePath(of: URL(fileURLWithPath: change.absolutePath), in: URL(fileURLWithPath: base)),
              !path.isEmpty else { return change.file }
        return path
    }

    /// The diff of `before` and `after` as `a/path` and `b/path`; empty when they are equal.
    public static func make(path: String, before: String, after: String, context: Int = 3) -> String {
        guard before != after else { return "" }
        let old = lines(before), new = lines(after)
        let script = editScript(old, new)
        // Hunks: runs of changes with up to `context` equal lines around them (joined when
        // closer than 2 * context). One pass: each operation is looked at a bounded number of
        // times, and the line numbers are carried along instead of counted again per hunk.
        var output = "--- \(quoted("a/" + path))\n+++ \(quoted("b/" + path))\n"
        let count = script.count
        var index = 0
        var (oldLine, newLine) = (0, 0)  // the lines before `index` in each file
        while index < count {
            var firstChange = index
            while firstChange < count, script[firstChange] == .same { firstChange += 1 }
            guard firstChange < count else { break }
            let start = max(firstChange - context, index)
            oldLine += start - index
            newLine += start - index
            var end = firstChange
            while true {
                var next = end
                while next < count, script[next] == .same { next += 1 }
                guard next < count else { break }
                if next - end > 2 * context && end != firstChange { break }
                end = next
                while end < count, script[end] != .same { end += 1 }
                if end == count { break }
            }
            let stop = min(end + context, count)
            var (oldCount, newCount) = (0, 0)
            for operation in script[start..<stop] {
                if operation != .insert { oldCount += 1 }
                if operation != .delete { newCount += 1 }
            }
            output += "@@ -\(range(oldLine, oldCount)) +\(range(newLine, newCount)) @@\n"
            for operation in script[start..<stop] {
                switch operation {
                case .same: output += line(" ", old, oldLine); oldLine += 1; newLine += 1
                case .delete: output += line("-", old, oldLine); oldLine += 1
                case .insert: output += line("+", new, newLine); newLine += 1
                }
            }
            index = stop
        }
        return output
    }

    enum Operation: UInt8 { case same, delete, insert }

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

    /// The shortest edit script turning `a` into `b`: equal lines, then Myers' linear-space
    /// search (Myers 1986, section 4b) on lines numbered by their text.
    static func editScript(_ a: [String], _ b: [String]) -> [Operation] {
        var numbers: [String: Int32] = [:]
        numbers.reserveCapacity(a.count + b.count)
        func numbered(_ lines: [String]) -> [Int32] {
            lines.map { line in
                if let known = numbers[line] { return known }
                let next = Int32(numbers.count)
                numbers[line] = next
                return next
            }
        }
        var search = LinearSpaceMyers(a: numbered(a), b: numbered(b))
        numbers = [:]
        search.compare(0, search.a.count, 0, search.b.count)
        // Within a run of changes, the deletions first, as diff and git print them.
        var operations = search.operations
        var start = 0
        while start < operations.count {
            guard operations[start] != .same else { start += 1; continue }
            var end = start, deletions = 0
            while end < operations.count, operations[end] != .same {
                if operations[end] == .delete { deletions += 1 }
                end += 1
            }
            for index in start..<end { operations[index] = index - start < deletions ? .delete : .insert }
            start = end
        }
        return operations
    }
}

/// Myers' diff in linear space: the middle snake of each range splits it in two halves of an
/// optimal path, each compared the same way. Two frontier arrays of N + M + 4 words are reused
/// by every range; the recursion is as deep as the log of the number of differences.
struct LinearSpaceMyers {
    let a: [Int32], b: [Int32]
    private(set) var operations: [UnifiedDiff.Operation] = []
    /// The furthest x on each diagonal, forward from the range's start and backward from its end.
    private var forward: [Int], backward: [Int]

    init(a: [Int32], b: [Int32]) {
        self.a = a
        self.b = b
        operations.reserveCapacity(a.count + b.count)
        forward = [Int](repeating: -1, count: a.count + b.count + 4)
        backward = forward
    }

    /// Appends the operations turning `a[aStart..<aEnd]` into `b[bStart..<bEnd]`.
    mutating func compare(_ aStart: Int, _ aEnd: Int, _ bStart: Int, _ bEnd: Int) {
        var (aStart, aEnd, bStart, bEnd) = (aStart, aEnd, bStart, bEnd)
        var prefix = 0, suffix = 0
        while aStart < aEnd, bStart < bEnd, a[aStart] == b[bStart] { aStart += 1; bStart += 1; prefix += 1 }
        while aStart < aEnd, bStart < bEnd, a[aEnd - 1] == b[bEnd - 1] { aEnd -= 1; bEnd -= 1; suffix += 1 }
        append(.same, prefix)
        if aStart == aEnd {
            append(.insert, bEnd - bStart)
        } else if bStart == bEnd {
            append(.delete, aEnd - aStart)
        } else if let (x, y) = middleSnake(aStart, aEnd, bStart, bEnd), (x, y) != (aStart, bStart), (x, y) != (aEnd, bEnd) {
            // Both halves hold at least one difference (the range's first and last lines
            // differ, so it holds two or more): each is smaller than the range.
            compare(aStart, x, bStart, y)
            compare(x, aEnd, y, bEnd)
        } else {
            append(.delete, aEnd - aStart)
            append(.insert, bEnd - bStart)
        }
        append(.same, suffix)
    }

    private mutating func append(_ operation: UnifiedDiff.Operation, _ count: Int) {
        if count > 0 { operations.append(contentsOf: repeatElement(operation, count: count)) }
    }

    /// A point of an optimal path through the range where the forward search from its start
    /// meets the backward one from its end (as in diff-match-patch's bisect); nil when none
    /// is found, which an optimal path cannot be (it is there for any two ranges).
    private mutating func middleSnake(_ aStart: Int, _ aEnd: Int, _ bStart: Int, _ bEnd: Int) -> (Int, Int)? {
        let (n, m) = (aEnd - aStart, bEnd - bStart)
        let maxD = (n + m + 1) / 2
        let offset = maxD + 1
        let length = 2 * offset + 1
        for index in 0..<length { forward[index] = -1; backward[index] = -1 }
        forward[offset + 1] = 0
        backward[offset + 1] = 0
        let delta = n - m
        let frontMeets = delta % 2 != 0
        // Diagonals whose path has left the range are not searched again.
        var (forwardStart, forwardEnd, backwardStart, backwardEnd) = (0, 0, 0, 0)
        for d in 0...maxD {
            var k = -d + forwardStart
            while k <= d - forwardEnd {
                let index = offset + k
                var x = k == -d || (k != d && forward[index - 1] < forward[index + 1]) ? forward[index + 1] : forward[index - 1] + 1
                var y = x - k
                while x < n, y < m, a[aStart + x] == b[bStart + y] { x += 1; y += 1 }
                forward[index] = x
                if x > n {
                    forwardEnd += 2
                } else if y > m {
                    forwardStart += 2
                } else if frontMeets {
                    let other = offset + delta - k
                    if other >= 0, other < length, backward[other] != -1, x >= n - backward[other] {
                        return (aStart + x, bStart + y)
                    }
                }
                k += 2
            }
            k = -d + backwardStart
            while k <= d - backwardEnd {
                let index = offset + k
                var x = k == -d || (k != d && backward[index - 1] < backward[index + 1]) ? backward[index + 1] : backward[index - 1] + 1
                var y = x - k
                while x < n, y < m, a[aEnd - 1 - x] == b[bEnd - 1 - y] { x += 1; y += 1 }
                backward[index] = x
                if x > n {
                    backwardEnd += 2
                } else if y > m {
                    backwardStart += 2
                } else if !frontMeets {
                    let other = offset + delta - k
                    if other >= 0, other < length, forward[other] != -1 {
                        let forwardX = forward[other]
                        let forwardY = forwardX - (other - offset)
                        if forwardX >= n - x { return (aStart + forwardX, bStart + forwardY) }
                    }
                }
                k += 2
            }
        }
        return nil
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
