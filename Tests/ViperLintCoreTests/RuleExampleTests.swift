import Testing
@testable import ViperLintCore

/// Runs every example of every rule: triggering examples must report exactly at their
/// markers, non-triggering examples must report nothing for the rule.
@Suite struct RuleExampleTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let ruleID: String
        let example: RuleExample
        let triggering: Bool
        var testDescription: String { "\(ruleID): \(example.note)" }
    }

    static let cases: [Case] = RuleRegistry.all.flatMap { rule in
        rule.examples.triggering.map { Case(ruleID: rule.id, example: $0, triggering: true) }
            + rule.examples.nonTriggering.map { Case(ruleID: rule.id, example: $0, triggering: false) }
    }

    @Test(arguments: cases)
    func example(_ testCase: Case) throws {
        var files: [(path: String, source: String)] = []
        var expected: Set<MarkedPosition> = []
        for (path, source) in testCase.example.files {
            let stripped = Markers.strip(source, path: path)
            files.append((path, stripped.source))
            expected.formUnion(stripped.positions)
        }
        #expect(testCase.triggering == !expected.isEmpty, "triggering examples need ↓ markers, the others none")
        let result = try TestProject.lint(files, configuration: testCase.example.configuration)
        let found = result.violations.filter { $0.rule == testCase.ruleID }
        let positions = Set(found.map { MarkedPosition(file: $0.file, line: $0.line, column: $0.column) })
        #expect(positions == expected, "messages: \(found.map(\.message))")
        #expect(result.parseErrors.isEmpty, "examples must be valid Swift: \(result.parseErrors)")
        for violation in found {
            #expect(violation.symbol != nil)
        }
    }

    @Test func everyRuleHasAtLeastThreeExamplesOfEachKind() {
        for rule in RuleRegistry.all {
            #expect(rule.examples.triggering.count >= 3, "\(rule.id)")
            #expect(rule.examples.nonTriggering.count >= 3, "\(rule.id)")
        }
    }
}
