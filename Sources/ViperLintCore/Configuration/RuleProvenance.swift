/// Where each rule's severity in a project comes from, for `viperlint rules`: the built-in
/// default, the preset the configuration `extends`, a line of the configuration file, and
/// whether an `overrides` entry changes it for some paths.
public enum RuleProvenance {
    /// Rule id -> "default", "preset 'clean-swift'", ".viperlint.json:12", each with
    /// " (+ overrides for App/Legacy/**)" when an override sets the rule.
    public static func sources(of ruleSet: RuleSet, configurationText: String?, fileName: String) -> [String: String] {
        var extends: String?
        var setInFile: [String: SourcePosition] = [:]
        if let configurationText, let document = try? ConfigurationFormat(path: fileName).parse(configurationText), case let .object(members) = document.value {
            for member in members {
                if member.key == "extends", case let .string(name) = member.value.value { extends = name }
                if member.key == "rules", case let .object(rules) = member.value.value {
                    for rule in rules { setInFile[rule.key] = rule.keyPosition }
                }
            }
        }
        let base = ConfigurationLoader.defaultRuleSet
        let preset = extends.flatMap(Preset.init(rawValue:))
        var sources: [String: String] = [:]
        for rule in RuleRegistry.all {
            var source: String
            if let position = setInFile[rule.id] {
                source = "\(fileName):\(position.line)"
            } else if let preset, preset.ruleSet.severity(of: rule.id) != base.severity(of: rule.id) || preset != .viper {
                source = "preset '\(preset.rawValue)'"
            } else {
                source = "default"
            }
            let overridden = ruleSet.overrides.filter { $0.rules[rule.id] != nil }.flatMap(\.paths)
            if !overridden.isEmpty { source += " (+ overrides for \(overridden.joined(separator: ", ")))" }
            sources[rule.id] = source
        }
        return sources
    }
}
