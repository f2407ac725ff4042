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
        // The report as data, and the filter script.
        #expect(parsed.elements["script"] == 2)
        #expect(html.contains("<script type=\"application/json\" id=\"viperlint-report\">"))
        #expect(html.contains("content=\"default-src 'none'; style-src 'sha256-"))
        #expect(!html.contains(" style=\""))
        for handler in ["onclick=", "onchange=", "oninput=", "onload=", "onerror="] { #expect(!html.contains(handler)) }
        // Every finding is listed once, with its position and message, its rule and layer as data.
        let rows = (parsed.elements["tr"] ?? 0)
        #expect(html.components(separatedBy: "<tr class=\"error\" data-rule=").count - 1 == result.count(.error))
        #expect(html.components(separatedBy: "<tr class=\"warning\" data-rule=").count - 1 == result.count(.warning))
        for violation in result.violations {
            #expect(html.contains("<tr class=\"\(violation.severity.rawValue)\" data-rule=\"\(violation.rule)\" data-layer=\"\(violation.layer?.name ?? "")\">"))
        }
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
        // The script too, the one that is not the JSON data block.
        let script = try #require(html.range(of: "</script>\n<script>")).upperBound
        let scriptEnd = try #require(html.range(of: "</script>", range: script..<html.endIndex)).lowerBound
        #expect(html[script..<scriptEnd] == HTMLReporter.scriptElementText)
        #expect(html.contains("script-src 'sha256-\(SHA256.base64(SHA256.digest(Array(html[script..<scriptEnd].utf8))))'"))
        #expect(!HTMLReporter.filterScript.contains("innerHTML") && !HTMLReporter.filterScript.contains("eval("))
        // Issue 28: the script's `<` and `&&` broke the promise of well-formed XML; it sits in a
        // CDATA section (JavaScript reads its markers as comments) that nothing in it closes early.
        #expect(HTMLReporter.filterScript.contains("<") && HTMLReporter.filterScript.contains("&&"))
        #expect(HTMLReporter.scriptElementText.hasPrefix("//<![CDATA[\n") && HTMLReporter.scriptElementText.hasSuffix("\n//]]>"))
        #expect(!HTMLReporter.filterScript.contains("]]>"))
    }

    /// The filter bar is hidden in the markup (the script shows it), offers the values the
    /// findings have, and is absent when there is nothing to filter.
    @Test func theFilterBarOffersTheFindingsValues() throws {
        let (html, result, _) = try Self.render("ClassicVIPER")
        #expect(html.contains("<form id=\"filter\" class=\"filter\" hidden=\"hidden\" role=\"search\">"))
        #expect(HTMLReporter.stylesheet.contains("[hidden]{display:none!important}"))
        let form = try #require(html.range(of: "<form id=\"filter\"")).lowerBound
        let formEnd = try #require(html.range(of: "</form>")).upperBound
        let bar = String(html[form..<formEnd])
        for rule in Set(result.violations.map(\.rule)) { #expect(bar.contains("<option value=\"\(rule)\">\(rule)</option>")) }
        for module in Set(result.violations.compactMap(\.module)) { #expect(bar.contains("<option value=\"\(module)\">")) }
        for layer in Set(result.violations.compactMap(\.layer)) { #expect(bar.contains("<option value=\"\(layer.name)\">")) }
        #expect(bar.components(separatedBy: "<option").count - 1
            == 4 + 3 + Set(result.violations.map(\.rule)).count + Set(result.violations.compactMap(\.module)).count
            + Set(result.violations.compactMap(\.layer)).count + Set(result.violations.map(\.severity)).count)
        // Every module section carries what the script sorts by.
        for module in Set(result.violations.compactMap(\.module)) {
            let found = result.violations.filter { $0.module == module }
            #expect(html.contains("data-name=\"\(module)\" data-errors=\"\(found.filter { $0.severity == .error }.count)\" data-count=\"\(found.count)\">"))
        }
        var clean = result
        clean.violations = []
        #expect(!HTMLReporter.report(clean, context: ReportContext()).contains("<form"))
    }

    /// With a baseline the page counts what is new, what the baseline hides and what got fixed.
    @Test func aBaselineIsCountedNewHiddenAndFixed() throws {
        var (_, result, _) = try Self.render("ClassicVIPER")
        let entry = Baseline.Entry(rule: "layer-dependency", file: "A.swift", symbol: "A", line: "let a = 1")
        result.baseline = Baseline.Outcome(hidden: 9, stale: [(entry: entry, count: 2), (entry: entry, count: 1)])
        let html = HTMLReporter.report(result, context: ReportContext())
        #expect(html.contains("<div class=\"tile new\"><b>\(result.violations.count)</b> new since the baseline</div>"))
        #expect(html.contains("<div class=\"tile skipped\"><b>9</b> hidden by the baseline</div>"))
        #expect(html.contains("<div class=\"tile fixed\"><b>3</b> baseline findings fixed</div>"))
        #expect(!HTMLReporter.report(try Self.render("ClassicVIPER").result, context: ReportContext()).contains("new since the baseline"))
    }

    /// `--history`: a line per rule over the runs, the newest last; one run says the trend starts later.
    @Test func theTrendDrawsEachRuleOverTheRuns() throws {
        let (_, result, _) = try Self.render("ClassicVIPER")
        var context = ReportContext()
        context.history = [
            RunHistory.Entry(time: "2026-01-01T00:00:00Z", revision: nil, errors: 4, warnings: 0, byRule: ["layer-dependency": 4]),
            RunHistory.Entry(time: "2026-01-02T00:00:00Z", revision: "ab", errors: 6, warnings: 1, byRule: ["layer-dependency": 2, "naming": 5]),
            RunHistory.Entry(time: "2026-01-03T00:00:00Z", revision: "cd", errors: 0, warnings: 0, byRule: [:]),
        ]
        var hostile = context
        hostile.history[1].byRule["</script><b>x"] = 1
        hostile.history[1].time = "<i>t</i>"
        let escaped = HTMLReporter.report(result, context: hostile)
        #expect(Self.parse(escaped).ok && escaped.contains("<code>&lt;/script&gt;&lt;b&gt;x</code>") && !escaped.contains("<i>t</i>"))
        let html = HTMLReporter.report(result, context: context)
        #expect(Self.parse(html).ok)
        // All findings, then each rule seen in any run, most findings now first (ties by name).
        #expect(html.components(separatedBy: "<svg class=\"spark\"").count - 1 == 3)
        #expect(html.contains("<tr><td><code>all</code></td><td><svg class=\"spark\" width=\"240\" height=\"28\" viewBox=\"0 0 240 28\" role=\"img\" aria-label=\"4, 7, 0\">"))
        #expect(html.contains("aria-label=\"4, 2, 0\"") && html.contains("aria-label=\"0, 5, 0\""))
        let layer = try #require(html.range(of: "<code>layer-dependency</code>")).lowerBound
        let naming = try #require(html.range(of: "<code>naming</code></td><td><svg")).lowerBound
        #expect(layer < naming)
        // The highest count reaches the top (y 4), zero sits on the baseline (y 24).
        #expect(HTMLReporter.sparkline([0, 5, 10]).contains("points=\"4,24 120,14 236,4\""))
        context.history = [context.history[0]]
        #expect(HTMLReporter.report(result, context: context).contains("The first run in the history file"))
        #expect(!HTMLReporter.report(result, context: ReportContext()).contains("id=\"trend\""))
    }

    @Test func hostileNamesAreEscaped() throws {
        let result = try TestProject.lint([("Modules/Evil<script>/Evil<script>Interactor.swift", "import UIKit\n// </script><img src=x>\n")])
        let html = HTMLReporter.report(result, context: ReportContext())
        #expect(Self.parse(html).ok)
        #expect(!html.contains("Evil<script>"))
        #expect(html.contains("Evil&lt;script&gt;"))
        // The data block's and the filter script's ends only.
        #expect(html.components(separatedBy: "</script>").count == 3)
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
        #expect(cycles == [["ArticleDetail", "Search", "ArticleDetail"]])
        #expect(result.violations.filter { $0.cycle != nil }.allSatisfy { $0.rule == ModuleCycleRule.id })
        #expect(html.contains("<p>Dependency cycles reported (1):</p>\n<ul class=\"cycles\">\n<li>ArticleDetail → Search → ArticleDetail</li>\n</ul>"))
        #expect(html.components(separatedBy: ", on a reported cycle").count - 1 == 2)
        // Without the structured cycles there is no cycle list, whatever the messages say.
        var unstructured = result
        unstructured.violations = result.violations.map { violation in
            var copy = violation
            copy.cycle = nil
            return copy
        }
        #expect(!HTMLReporter.report(unstructured, context: ReportContext()).contains("Dependency cycles reported"))

        // A long cycle folds to its ends, the whole path inside; shared folders are listed apart.
        let ring = (0..<20).map { "M\($0)" } + ["M0"]
        let graph = DependencyGraph(level: .module, nodes: ring.dropLast().map { DependencyGraph.Node(name: $0, types: 1, findings: 0) } + [
            DependencyGraph.Node(name: "Common", types: 3, findings: 0, group: "App/Shared", isShared: true),
            DependencyGraph.Node(name: "Services", types: 3, findings: 0, group: "App/Shared", isShared: true),
            DependencyGraph.Node(name: "Utils", types: 3, findings: 0, group: nil, isShared: true),
        ], edges: [DependencyGraph.Edge(from: "M1", to: "Common", references: 2, violations: 1, allowed: nil, inCycle: false)])
        var page = HTMLText()
        HTMLReporter.moduleArrows(graph, cycles: [ring], into: &page)
        #expect(page.text.contains("<li><details><summary>M0 → M1 → M2 → M3 → M4 → M5 → … → M19 → M0 (20 modules)</summary>"
            + "<span class=\"full\">\(ring.joined(separator: " → "))</span></details></li>"))
        #expect(page.text.contains("<li>M1 → Common (shared): 2 references, 1 reported</li>"))
        #expect(page.text.contains("<ul class=\"shared\">\n<li>Utils</li>\n<li>App/Shared: Common, Services</li>\n</ul>"))
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
        // About half of it is the embedded JSON report.
        #expect(html.utf8.count < 6_000_000, "\(html.utf8.count) bytes")
        // One per module, the one rule's documentation, and the matrix's fold.
        #expect(parsed.elements["details"] == 152)
        // The 150 modules the result lists (the matrix's rows are the result's modules only).
        #expect(html.contains("<details class=\"more\"><summary>\(150 - HTMLReporter.matrixRows) more modules</summary>"))
        #expect(!html.contains("open=\"open\""))
        #expect(html.components(separatedBy: "<tr class=\"error\" data-rule=").count - 1
            + html.components(separatedBy: "<tr class=\"warning\" data-rule=").count - 1 == 5_000)
        // The matrix leads with the worst modules: Module0..Module49 carry 34 findings, the rest 33.
        let matrix = try #require(html.range(of: "<section id=\"matrix\">")).upperBound
        let firstRow = try #require(html.range(of: "<th scope=\"row\">", range: matrix..<html.endIndex)).upperBound
        #expect(html[firstRow...].hasPrefix("Module0</th>"))
        let fold = try #require(html.range(of: "<details class=\"more\">")).lowerBound
        #expect(html[matrix..<fold].components(separatedBy: "<th scope=\"row\">").count - 1 == HTMLReporter.matrixRows)
        #expect(!html[matrix..<fold].contains(">Module60</th>"))
    }
}
