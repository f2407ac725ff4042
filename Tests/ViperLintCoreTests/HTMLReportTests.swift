import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ViperLintCore

@Suite struct HTMLReportTests {
    static func render(_ fixture: String) throws -> (html: String, result: LintResult, ruleSet: RuleSet) {
        let project = try Project.locate(paths: [Paths.fixture(fixture).path], configuration: nil)
        let result = project.lint(threads: 2)
        return (HTMLReporter.report(result, context: ReportContext(ruleSet: project.ruleSet)), result, project.ruleSet)
    }

    /// Parses the page as XML: the report promises markup any XML parser reads.
    static func parse(_ html: String) -> (ok: Bool, elements: [String: Int], error: String?) {
        final class Counter: NSObject, XMLParserDelegate {
            var elements: [String: Int] = [:]
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                elements[name, default: 0] += 1
            }
        }
        let body = html.replacingOccurrences(of: "<!DOCTYPE html>", with: "")
        let parser = XMLParser(data: Data(body.utf8))
        let counter = Counter()
        parser.delegate = counter
        let ok = parser.parse()
        return (ok, counter.elements, parser.parserError.map { "\($0)" })
    }

    @Test(arguments: FixtureTests.fixtures)
    func dashboardIsWellFormedSelfContainedAndComplete(_ fixture: String) throws {
        let (html, result, ruleSet) = try Self.render(fixture)
        let parsed = Self.parse(html)
        #expect(parsed.ok, "\(parsed.error ?? "")")
        // Nothing is fetched: no external URL, stylesheet link, script source, import or font.
        for forbidden in ["http:", "https:", "//cdn", "<link", "src=", "@import", "url(http", "@font-face", "<iframe", "<img"] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        #expect(parsed.elements["script"] == 1)
        #expect(html.contains("<script type=\"application/json\" id=\"viperlint-report\">"))
        #expect(html.contains("content=\"default-src 'none'; style-src 'sha256-"))
        #expect(!html.contains(" style=\""))
        // Every finding is listed once, with its position and message.
        let rows = (parsed.elements["tr"] ?? 0)
        #expect(html.components(separatedBy: "<tr class=\"error\">").count - 1 == result.count(.error))
        #expect(html.components(separatedBy: "<tr class=\"warning\">").count - 1 == result.count(.warning))
        #expect(rows >= result.violations.count)
        for violation in result.violations {
            #expect(html.contains("<td class=\"where\">\(violation.line):\(violation.column)</td>"))
            #expect(html.contains(HTMLText.escaped(violation.message)))
        }
        // The embedded data is the JSON report.
        let start = try #require(html.range(of: "id=\"viperlint-report\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let embedded = String(html[start.upperBound..<end.lowerBound])
        let decoded = try JSONSerialization.jsonObject(with: Data(embedded.utf8)) as? [String: Any]
        #expect((decoded?["violations"] as? [Any])?.count == result.violations.count)
        #expect(embedded.replacingOccurrences(of: "\\u003c", with: "<") == JSONReporter.report(result))
        // The graph draws one arc per layer arrow, violating ones in their own class.
        let graph = DependencyGraph(result: result, ruleSet: ruleSet, level: .layer)
        #expect(html.components(separatedBy: "<path class=\"violating\"").count - 1 == graph.edges.filter(\.isViolating).count)
        #expect(html.components(separatedBy: "<path class=\"allowed\"").count - 1 == graph.edges.filter { !$0.isViolating }.count)
    }

    @Test func theStyleSheetIsAllowedByItsHash() throws {
        // Known answers first, then the page's own hash.
        #expect(SHA256.base64(SHA256.digest(Array("abc".utf8))) == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        #expect(SHA256.base64(SHA256.digest([])) == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        // Lengths around the padding boundary and several blocks (answers from Python's hashlib).
        let answers = [55: "n0OQ+NMMLdkuyfCVtl4rmumwqSWlJY4kHJ8ekQ9zQxg=", 56: "s1Q5pKxvCUi21vnjxq8PX1kM4g8b3nCQ73lwaG7Gc4o=",
                       64: "/+BU/nrgy23GXDr5th1SCfQ5hR20PQulmXM33xVGaOs=", 1_000: "Qe3s5C1j6Nm/UVqbppMuHCDLyfWl0TRkWttdsblzfqM="]
        for (length, answer) in answers {
            #expect(SHA256.base64(SHA256.digest(Array(String(repeating: "a", count: length).utf8))) == answer, "\(length)")
        }
        let (html, _, _) = try Self.render("ClassicVIPER")
        let style = try #require(html.range(of: "<style>")).upperBound
        let styleEnd = try #require(html.range(of: "</style>")).lowerBound
        let hash = SHA256.base64(SHA256.digest(Array(html[style..<styleEnd].utf8)))
        #expect(html.contains("style-src 'sha256-\(hash)'"))
    }

    @Test func hostileNamesAreEscaped() throws {
        let result = try TestProject.lint([("Modules/Evil<script>/Evil<script>Interactor.swift", "import UIKit\n// </script><img src=x>\n")])
        let html = HTMLReporter.report(result, context: ReportContext())
        #expect(Self.parse(html).ok)
        #expect(!html.contains("Evil<script>"))
        #expect(html.contains("Evil&lt;script&gt;"))
        #expect(html.components(separatedBy: "</script>").count == 2)
    }

    /// 150 modules, 5,000 findings: still one light page with collapsed sections.
    @Test func findingsLinkToTheirSourceWhenATemplateIsGiven() throws {
        let result = try TestProject.lint([("User Interface/Home/HomeInteractor.swift", "import UIKit\nfinal class HomeInteractor {}\n")],
                                          configuration: #"{ "version": 1, "rules": { "forbidden-import": "error" } }"#)
        var context = ReportContext()
        context.sourceURL = SourceURLTemplate("https://example.com/app/blob/{rev}/{path}#L{line}", revision: "0a1b2c")
        let html = HTMLReporter.report(result, context: context)
        #expect(html.contains("<td class=\"where\"><a href=\"https://example.com/app/blob/0a1b2c/User%20Interface/Home/HomeInteractor.swift#L1\">1:1</a></td>"))
        #expect(!HTMLReporter.report(result, context: ReportContext()).contains("<a href="))
        #expect(Self.parse(html).ok)
        // Templates that are no web link, name no file or could break out of the attribute.
        for bad in ["file:///etc/{path}", "https://example.com/blob/main", "https://example.com/{path}\" onclick=\"x", "javascript:{path}"] {
            #expect(SourceURLTemplate.problem(in: bad) != nil, "\(bad)")
            #expect(SourceURLTemplate(bad, revision: nil) == nil)
        }
        #expect(SourceURLTemplate("https://example.com/{path}", revision: nil)?.link(path: "A.swift", line: 3) == "https://example.com/A.swift")
        let refused = try CLI.run(["lint", Paths.fixture("ClassicVIPER").path, "--report", "html:/dev/null", "--source-url", "ftp://x/{path}"])
        #expect(refused.status == 64 && refused.stderr.contains("--source-url: it must start with https:// or http://"))
    }

    /// The module view lists exactly the cycles the module-cycle findings report, read from
    /// their structured `cycle`, and marks only the arrows on them.
    @Test func theCycleListIsTheReportedCycles() throws {
        let (html, result, _) = try Self.render("ClassicVIPER")
        let cycles = result.violations.compactMap(\.cycle)
        #expect(cycles == [["ArticleDetail", "Home", "ArticleDetail"]])
        #expect(result.violations.filter { $0.cycle != nil }.allSatisfy { $0.rule == ModuleCycleRule.id })
        #expect(html.contains("<p>Dependency cycles reported (1):</p>\n<ul class=\"cycles\">\n<li>ArticleDetail → Home → ArticleDetail</li>\n</ul>"))
        #expect(html.components(separatedBy: ", on a reported cycle").count - 1 == 2)
        // Without the structured cycles there is no cycle list, whatever the messages say.
        var unstructured = result
        unstructured.violations = result.violations.map { violation in
            var copy = violation
            copy.cycle = nil
            return copy
        }
        #expect(!HTMLReporter.report(unstructured, context: ReportContext()).contains("Dependency cycles reported"))
    }

    @Test func theVerdictComesFirstAndTheWorstModulesLead() throws {
        var result = try TestProject.lint([("Modules/Home/HomeInteractor.swift", "import UIKit\nfinal class HomeInteractor {}\n")])
        let template = try #require(result.violations.first)
        // Calm: 1 warning; Busy: 3 errors; Mild: 1 error and 2 warnings.
        let plan: [(String, Severity)] = [("Calm", .warning), ("Busy", .error), ("Busy", .error), ("Busy", .error),
                                          ("Mild", .error), ("Mild", .warning), ("Mild", .warning)]
        result.violations = plan.enumerated().map { number, entry in
            var violation = template
            violation.module = entry.0
            violation.severity = entry.1
            violation.file = "Modules/\(entry.0)/\(entry.0)Interactor.swift"
            violation.line = number + 1
            return violation
        }
        let html = HTMLReporter.report(result, context: ReportContext())
        #expect(html.contains("<body>\n<header>\n<p class=\"verdict fail\" id=\"verdict\">Fails: 4 findings that fail the gate (exit 1)</p>"))
        let order = ["Busy", "Mild", "Calm"].map { html.range(of: "<span class=\"name\">\($0)</span>")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order[0]! < order[1]! && order[1]! < order[2]!)
        // The rule row carries the rule's documentation.
        #expect(html.contains("<details class=\"rule\"><summary><code>forbidden-import</code> \(ForbiddenImportRule.summary)</summary>"))
        // The layer graph scales down to its box.
        #expect(HTMLReporter.stylesheet.contains("svg.graph{max-width:100%;height:auto}"))

        var strict = ReportContext()
        strict.warningsFail = true
        #expect(HTMLReporter.report(result, context: strict).contains("Fails: 7 findings that fail the gate (exit 1)"))
        result.violations = result.violations.filter { $0.severity == .warning }
        #expect(HTMLReporter.report(result, context: ReportContext())
            .contains("<p class=\"verdict pass\" id=\"verdict\">Passes: no finding fails the gate (exit 0); 3 warnings to look at</p>"))
    }

    @Test func aLargeReportStaysLight() throws {
        var result = try TestProject.lint([("Modules/Home/HomeInteractor.swift", "import UIKit\nfinal class HomeInteractor {}\n")])
        let template = try #require(result.violations.first)
        result.violations = (0..<5_000).map { number in
            var violation = template
            violation.module = "Module\(number % 150)"
            violation.file = "Modules/Module\(number % 150)/Module\(number % 150)Interactor\(number / 150).swift"
            violation.line = 1 + number % 7
            violation.severity = number % 3 == 0 ? .warning : .error
            return violation
        }
        result.modules = (0..<150).map { "Module\($0)" }.sorted()
        let html = HTMLReporter.report(result, context: ReportContext())
        let parsed = Self.parse(html)
        #expect(parsed.ok)
        let elements = parsed.elements.values.reduce(0, +)
        #expect(elements < 40_000, "\(elements) elements")
        #expect(html.utf8.count < 5_000_000, "\(html.utf8.count) bytes")
        // One per module, and the one rule's documentation.
        #expect(parsed.elements["details"] == 151)
        #expect(!html.contains("open=\"open\""))
        #expect(html.components(separatedBy: "<tr class=\"error\">").count - 1 + html.components(separatedBy: "<tr class=\"warning\">").count - 1 == 5_000)
    }
}
