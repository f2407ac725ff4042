/// Collects every problem of one configuration file, so all of them are reported at once.
public final class ConfigDiagnostics {
    public private(set) var problems: [ConfigurationProblem] = []

    public init() {}

    func report(_ keyPath: String, _ position: SourcePosition, _ message: String) {
        problems.append(ConfigurationProblem(keyPath: keyPath, position: position, message: message))
    }
}

/// A value of a configuration file with its key path, read strictly: a wrong type, an
/// unknown key or an unknown name is recorded as a problem and the value is ignored.
public struct ConfigNode {
    public let located: JSONValue.Located
    public let keyPath: String
    let diagnostics: ConfigDiagnostics

    public var position: SourcePosition { located.position }

    func child(_ key: String, _ value: JSONValue.Located) -> ConfigNode {
        ConfigNode(located: value, keyPath: keyPath.isEmpty ? key : "\(keyPath).\(key)", diagnostics: diagnostics)
    }

    func element(_ index: Int, _ value: JSONValue.Located) -> ConfigNode {
        ConfigNode(located: value, keyPath: "\(keyPath)[\(index)]", diagnostics: diagnostics)
    }

    func problem(_ message: String) {
        diagnostics.report(keyPath, position, message)
    }

    private func typeMismatch(_ expected: String) {
        problem("expected \(expected), found \(located.value.typeName)")
    }

    /// The members of an object whose keys are all in `allowedKeys`; an unknown key is a
    /// problem that names the closest allowed key. Duplicate keys are problems too.
    func object(allowedKeys: [String], what: String = "key") -> [(key: String, node: ConfigNode)]? {
        object(keyNamed: what) { key in allowedKeys.contains(key) ? nil : ClosestName.hint(for: key, among: allowedKeys) }
    }

    /// The members of an object; `validate` returns nil for a valid key or a hint suffix for
    /// an invalid one.
    func object(keyNamed what: String, validate: (String) -> String?) -> [(key: String, node: ConfigNode)]? {
        guard case let .object(members) = located.value else {
            typeMismatch("an object")
            return nil
        }
        var seen = Set<String>()
        var result: [(key: String, node: ConfigNode)] = []
        for member in members {
            let node = child(member.key, member.value)
            if !seen.insert(member.key).inserted {
                diagnostics.report(node.keyPath, member.keyPosition, "duplicate key")
                continue
            }
            if let hint = validate(member.key) {
                diagnostics.report(node.keyPath, member.keyPosition, "unknown \(what) '\(member.key)'\(hint)")
                continue
            }
            result.append((member.key, node))
        }
        return result
    }

    func string() -> String? {
        guard case let .string(value) = located.value else {
            typeMismatch("a string")
            return nil
        }
        return value
    }

    func bool() -> Bool? {
        guard case let .bool(value) = located.value else {
            typeMismatch("true or false")
            return nil
        }
        return value
    }

    func integer(in range: ClosedRange<Int>) -> Int? {
        guard case let .number(value) = located.value else {
            typeMismatch("an integer")
            return nil
        }
        guard value.rounded() == value, let integer = Int(exactly: value), range.contains(integer) else {
            // -1 reads better than -1.0; 2.5 and 1e300 stay as they are.
            let found = Int(exactly: value).map(String.init) ?? "\(value)"
            let upper = range.upperBound == Int.max ? "" : " to \(range.upperBound)"
            problem("expected an integer from \(range.lowerBound)\(upper), found \(found)")
            return nil
        }
        return integer
    }

    func array() -> [ConfigNode]? {
        guard case let .array(elements) = located.value else {
            typeMismatch("an array")
            return nil
        }
        return elements.enumerated().map { element($0.offset, $0.element) }
    }

    /// An array of non-empty strings.
    func stringArray() -> [String]? {
        guard let elements = array() else { return nil }
        var result: [String] = []
        for element in elements {
            guard let value = element.string() else { continue }
            if value.isEmpty {
                element.problem("expected a non-empty string")
                continue
            }
            // Strings of lists are globs or patterns: their cost is bounded before they are used.
            if let problem = Glob.problem(in: value) {
                element.problem(problem)
                continue
            }
            result.append(value)
        }
        return result
    }

    /// A canonical layer name, with a suggestion for a misspelled one.
    func layer() -> Layer? {
        guard let name = string() else { return nil }
        guard let layer = Layer(name: name) else {
            problem("unknown layer '\(name)'\(ClosestName.hint(for: name, among: Layer.allCases.map(\.name))); layers are \(Layer.allCases.map(\.name).joined(separator: ", "))")
            return nil
        }
        return layer
    }

    func layerArray() -> [Layer]? {
        guard let elements = array() else { return nil }
        return elements.compactMap { $0.layer() }
    }

    func severity() -> Severity? {
        guard let name = string() else { return nil }
        guard let severity = Severity(rawValue: name) else {
            problem("unknown severity '\(name)'\(ClosestName.hint(for: name, among: Severity.allCases.map(\.rawValue))); expected one of error, warning, off")
            return nil
        }
        return severity
    }

    /// An object keyed by layer names.
    func layerKeyedObject() -> [(layer: Layer, node: ConfigNode)]? {
        let names = Layer.allCases.map(\.name)
        guard let members = object(keyNamed: "layer", validate: { key in
            Layer(name: key) == nil ? ClosestName.hint(for: key, among: names) + "; layers are \(names.joined(separator: ", "))" : nil
        }) else { return nil }
        return members.compactMap { member in Layer(name: member.key).map { ($0, member.node) } }
    }
}
