/// One typed option of a rule: its key in the configuration and how a value is read into
/// the rule. Rules list their options once; the key list, the strict decoding and the merge
/// onto the preset's values all follow from that list.
public struct RuleOption<R: Rule>: Sendable {
    public let key: String
    let apply: @Sendable (inout R, ConfigNode) -> Void
    /// The option's current value as configuration JSON (for `init` and preset snapshots).
    let encode: @Sendable (R) -> JSONOutput

    public init(_ key: String, apply: @escaping @Sendable (inout R, ConfigNode) -> Void,
                encode: @escaping @Sendable (R) -> JSONOutput) {
        self.key = key
        self.apply = apply
        self.encode = encode
    }

    /// A list of layer names.
    public static func layers(_ key: String, _ path: WritableKeyPath<R, [Layer]> & Sendable) -> RuleOption {
        RuleOption(key, apply: { rule, node in node.layerArray().map { rule[keyPath: path] = $0 } },
                   encode: { .layers($0[keyPath: path]) })
    }

    /// A list of non-empty strings.
    public static func strings(_ key: String, _ path: WritableKeyPath<R, [String]> & Sendable) -> RuleOption {
        RuleOption(key, apply: { rule, node in node.stringArray().map { rule[keyPath: path] = $0 } },
                   encode: { .strings($0[keyPath: path]) })
    }

    /// A boolean.
    public static func bool(_ key: String, _ path: WritableKeyPath<R, Bool> & Sendable) -> RuleOption {
        RuleOption(key, apply: { rule, node in node.bool().map { rule[keyPath: path] = $0 } },
                   encode: { .bool($0[keyPath: path]) })
    }

    /// An object keyed by layer names whose values are string lists; each layer given replaces
    /// the preset's list for that layer.
    public static func stringsByLayer(_ key: String, _ path: WritableKeyPath<R, [Layer: [String]]> & Sendable) -> RuleOption {
        RuleOption(key, apply: { rule, node in
            for (layer, list) in node.layerKeyedObject() ?? [] {
                if let names = list.stringArray() { rule[keyPath: path][layer] = names }
            }
        }, encode: { rule in
            let map = rule[keyPath: path]
            return .object(Layer.allCases.compactMap { layer in map[layer].map { (layer.name, .strings($0)) } })
        })
    }
}

extension JSONOutput {
    static func strings(_ values: [String]) -> JSONOutput { .array(values.map(JSONOutput.string)) }
    static func layers(_ values: [Layer]) -> JSONOutput { .array(values.map { .string($0.name) }) }
}

extension Rule {
    public static var optionKeys: [String] { options.map(\.key) }

    /// The rule's options as configuration JSON, in declaration order.
    public var encodedOptions: [(String, JSONOutput)] { Self.options.map { ($0.key, $0.encode(self)) } }

    public func configured(with options: [(key: String, node: ConfigNode)]) -> Self {
        var copy = self
        for (key, node) in options {
            Self.options.first { $0.key == key }?.apply(&copy, node)
        }
        return copy
    }
}
