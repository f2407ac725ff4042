/// The project state's findings and outcome in the cache's binary form: a warm run decodes
/// them on every run, and Foundation's JSON decoder was a tenth of such a run (over a quarter,
/// with the report's writing, on a project with 500 findings).
extension ByteWriter {
    mutating func violation(_ violation: Violation) {
        string(violation.rule)
        string(violation.messageID)
        string(violation.severity.rawValue)
        string(violation.message)
        string(violation.file)
        int(violation.line)
        int(violation.column)
        optional(violation.module) { $0.string($1) }
        optional(violation.layer) { $0.string($1.rawValue) }
        optional(violation.symbol) { $0.string($1) }
        optional(violation.declaration) { writer, declaration in
            writer.optional(declaration.type) { $0.string($1) }
            writer.optional(declaration.member) { $0.string($1) }
        }
        array(violation.related) { writer, site in
            writer.string(site.file)
            writer.int(site.line)
            writer.int(site.column)
            writer.string(site.message)
        }
        optional(violation.target) { writer, target in
            writer.string(target.type)
            writer.optional(target.module) { $0.string($1) }
            writer.optional(target.layer) { $0.string($1.rawValue) }
        }
        optional(violation.cycle) { $0.strings($1) }
    }

    /// Each rule's findings, rules in name order.
    mutating func findingsByRule(_ findings: [String: [Violation]]) {
        array(findings.keys.sorted()) { writer, rule in
            writer.string(rule)
            writer.array(findings[rule]!) { $0.violation($1) }
        }
    }
}

extension ByteReader {
    mutating func violation() throws(Malformed) -> Violation {
        typealias Malformed = ByteReader.Malformed
        let rule = try string(), messageID = try string(), severity = try raw(Severity.self), message = try string()
        let file = try string(), position = SourcePosition(line: try int(), column: try int())
        var violation = Violation(
            rule: rule, severity: severity, message: message, file: file, position: position,
            module: try optional { reader throws(Malformed) in try reader.string() },
            layer: try optional { reader throws(Malformed) in try reader.raw(Layer.self) },
            symbol: try optional { reader throws(Malformed) in try reader.string() }, messageID: messageID)
        violation.declaration = try optional { reader throws(Malformed) in
            FindingDeclaration(type: try reader.optional { reader throws(Malformed) in try reader.string() },
                               member: try reader.optional { reader throws(Malformed) in try reader.string() })
        }
        violation.related = try array { reader throws(Malformed) in
            let file = try reader.string()
            return RelatedLocation(file: file, position: SourcePosition(line: try reader.int(), column: try reader.int()),
                                   message: try reader.string())
        }
        violation.target = try optional { reader throws(Malformed) in
            FindingTarget(type: try reader.string(), module: try reader.optional { reader throws(Malformed) in try reader.string() },
                          layer: try reader.optional { reader throws(Malformed) in try reader.raw(Layer.self) })
        }
        violation.cycle = try optional { reader throws(Malformed) in try reader.strings() }
        return violation
    }

    mutating func findingsByRule() throws(Malformed) -> [String: [Violation]] {
        let rules = try array { reader throws(Malformed) in
            (try reader.string(), try reader.array { reader throws(Malformed) in try reader.violation() })
        }
        return Dictionary(rules, uniquingKeysWith: { first, _ in first })
    }
}

extension ProjectState.Outcome {
    func encoded() -> [UInt8] {
        var writer = ByteWriter(sharing: true)
        writer.int(fileCount)
        writer.strings(modules)
        writer.array(violations) { $0.violation($1) }
        writer.array(parseErrors) { writer, error in
            writer.string(error.file)
            writer.int(error.line)
            writer.int(error.column)
            writer.string(error.message)
        }
        writer.array(skipped) { writer, skip in
            writer.string(skip.path)
            writer.string(skip.reason)
        }
        writer.strings(notes)
        // Files and lines in order: the same outcome gives the same bytes.
        writer.array(lineTexts.keys.sorted()) { writer, file in
            writer.string(file)
            let lines = lineTexts[file]!
            writer.array(lines.keys.sorted()) { writer, line in
                writer.int(line)
                writer.string(lines[line]!)
            }
        }
        writer.optional(detectedPreset) { $0.string($1.rawValue) }
        writer.array(customFolders) { writer, folder in
            writer.string(folder.name)
            writer.string(folder.layer.rawValue)
            writer.int(folder.occurrences)
        }
        return writer.bytes
    }

    init(decoding bytes: [UInt8]) throws(ByteReader.Malformed) {
        typealias Malformed = ByteReader.Malformed
        var reader = ByteReader(bytes)
        fileCount = try reader.int()
        modules = try reader.strings()
        violations = try reader.array { reader throws(Malformed) in try reader.violation() }
        parseErrors = try reader.array { reader throws(Malformed) in
            ParseErrorEntry(file: try reader.string(), line: try reader.int(), column: try reader.int(), message: try reader.string())
        }
        skipped = try reader.array { reader throws(Malformed) in SkippedPath(path: try reader.string(), reason: try reader.string()) }
        notes = try reader.strings()
        let files = try reader.array { reader throws(Malformed) in
            (try reader.string(), Dictionary(try reader.array { reader throws(Malformed) in (try reader.int(), try reader.string()) },
                                             uniquingKeysWith: { first, _ in first }))
        }
        lineTexts = Dictionary(files, uniquingKeysWith: { first, _ in first })
        detectedPreset = try reader.optional { reader throws(Malformed) in try reader.raw(Preset.self) }
        customFolders = try reader.array { reader throws(Malformed) in
            PresetDetector.CustomFolder(name: try reader.string(), layer: try reader.raw(Layer.self), occurrences: try reader.int())
        }
        guard reader.isAtEnd else { throw Malformed() }
    }
}
