/// The dependency matrix of a rule set as a Markdown table, for docs/configuration.md's preset
/// sections (a test keeps them equal) and for `viperlint config --format markdown`.
public enum MatrixDocumentation {
    public static func markdown(_ ruleSet: RuleSet) -> String {
        var lines = ["| layer | may use | only through protocols |", "|---|---|---|"]
        for layer in ruleSet.activeLayers {
            if ruleSet.isBuilder(layer) {
                lines.append("| \(layer.name) | everything (builder) |  |")
                continue
            }
            let dependencies = ruleSet.dependencies(of: layer)
            let allow = dependencies.allow.map(\.name).joined(separator: ", ")
            let via = dependencies.viaProtocol.map(\.name).joined(separator: ", ")
            lines.append("| \(layer.name) | \(allow.isEmpty ? "nothing else" : allow) | \(via) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
