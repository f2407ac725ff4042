/// JUnit XML with one test case per enabled rule and module, so dashboards show a pass rate:
/// a rule passes for a module when it found nothing there. Findings outside any module go to
/// the `(project)` case.
public enum JUnitReporter {
    public static let projectCase = "(project)"

    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let rules = RuleRegistry.ids.filter { context.ruleSet.severity(of: $0) != .off }
        var byRuleAndModule: [String: [String: [Violation]]] = [:]
        for violation in result.violations {
            byRuleAndModule[violation.rule, default: [:]][violation.module ?? projectCase, default: []].append(violation)
        }
        var suites: [String] = []
        var totalTests = 0
        var totalFailures = 0
        for rule in rules {
            var modules = result.modules
            if result.violations.contains(where: { $0.rule == rule && $0.module == nil }) { modules.append(projectCase) }
            var cases: [String] = []
            var failures = 0
            for module in modules {
                let found = byRuleAndModule[rule]?[module] ?? []
                let name = "classname=\"\(XMLText.escaped(rule))\" name=\"\(XMLText.escaped(module))\""
                if found.isEmpty {
                    cases.append("    <testcase \(name)/>")
                    continue
                }
                failures += 1
                let details = found.map { violation in
                    "\(context.displayPath(violation.file)):\(violation.line):\(violation.column): \(violation.severity.rawValue): \(violation.message)"
                }
                let type = found.contains(where: { $0.severity == .error }) ? "error" : "warning"
                let noun = found.count == 1 ? "finding" : "findings"
                let summary = "\(found.count) \(noun) of \(rule) in \(module)"
                cases.append("    <testcase \(name)>")
                cases.append("      <failure type=\"\(type)\" message=\"\(XMLText.escaped(summary))\">"
                    + XMLText.escaped(details.joined(separator: "\n")) + "</failure>")
                cases.append("    </testcase>")
            }
            totalTests += modules.count
            totalFailures += failures
            suites.append("  <testsuite name=\"\(XMLText.escaped(rule))\" tests=\"\(modules.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">")
            suites += cases
            suites.append("  </testsuite>")
        }
        return (["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                 "<testsuites name=\"viperlint\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\">"]
            + suites + ["</testsuites>"]).joined(separator: "\n") + "\n"
    }
}
