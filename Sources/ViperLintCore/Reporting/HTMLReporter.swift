import Foundation

/// The dashboard: one self-contained HTML file to open or attach to a CI run.
///
/// Offline and strict-CSP safe: nothing is fetched (`default-src 'none'`), and the one inline
/// style sheet and the one inline script are allowed by their SHA-256 hashes, so the page also
/// renders where inline code is otherwise forbidden; bars and graphs are SVG shapes sized by
/// attributes. The script only filters and sorts what is already on the page: with scripts
/// off its form stays hidden and every finding still reads.
/// Markup is well-formed XML (void elements closed, every entity escaped) so tools can parse it.
/// The JSON report is embedded as a data block (`script#viperlint-report`, never executed).
/// Findings sit in collapsed sections per module, so 5,000 of them stay a light page.
public enum HTMLReporter {
    public static func report(_ result: LintResult, context: ReportContext) -> String {
        let style = stylesheet
        let hash = SHA256.base64(SHA256.digest(Array(style.utf8)))
        let scriptHash = SHA256.base64(SHA256.digest(Array(Self.scriptElementText.utf8)))
        let errors = result.count(.error)
        let warnings = result.count(.warning)
        var page = HTMLText()
        page.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n")
        page.raw("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'sha256-\(hash)'; script-src 'sha256-\(scriptHash)'; img-src data:\" />\n")
        page.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n")
        page.element("title", "viperlint: \(counted(errors, "error")), \(counted(warnings, "warning"))")
        page.raw("\n<style>\(style)</style>\n</head>\n<body>\n")

        header(result, warningsFail: context.warningsFail, into: &page)
        rules(result, into: &page)
        matrix(result, ruleSet: context.ruleSet, into: &page)
        page.raw("<section id=\"layer-graph\">\n<h2>Layer dependencies</h2>\n")
        let matrixChecked = context.ruleSet.checksLayerMatrix
        page.raw("<p class=\"note\">Arrows count type references between layers, in architectural order from the screen down. "
            + (matrixChecked ? "Red dashed arrows carry findings or are not allowed by the configuration; grey ones are allowed.</p>\n"
                : "The rule that checks which arrows are allowed is off: grey dotted arrows are not checked; red dashed ones carry findings "
                + "of other rules.</p>\n"))
        page.raw(LayerGraphSVG.render(DependencyGraph(result: result, ruleSet: context.ruleSet, level: .layer)))
        page.raw("\n</section>\n")
        moduleArrows(DependencyGraph(result: result, ruleSet: context.ruleSet, level: .module), cycles: result.violations.compactMap(\.cycle),
                     into: &page)
        trend(context.history, into: &page)
        findings(result, context: context, into: &page)

        page.raw("<script type=\"application/json\" id=\"viperlint-report\">")
        // `<` written as \u003c keeps `</script>` out of the data, and stays the same JSON.
        page.raw(JSONReporter.report(result).replacingOccurrences(of: "<", with: "\\u003c"))
        page.raw("</script>\n<script>\(Self.scriptElementText)</script>\n</body>\n</html>\n")
        return page.text
    }

    static func header(_ result: LintResult, warningsFail: Bool, into page: inout HTMLText) {
        page.raw("<header>\n")
        // The gate's verdict first: what the command's exit status says.
        let failing = result.count(.error) + (warningsFail ? result.count(.warning) + result.parseErrors.count : 0)
        page.raw("<p class=\"verdict \(failing > 0 ? "fail" : "pass")\" id=\"verdict\">")
        page.text(failing > 0
            ? "Fails: \(failing) finding\(failing == 1 ? "" : "s") that fail\(failing == 1 ? "s" : "") the gate (exit 1)"
            : "Passes: no finding fails the gate (exit 0)" + (result.count(.warning) > 0 ? "; \(result.count(.warning)) warnings to look at" : ""))
        page.raw("</p>\n")
        // What the verdict covers: rules that are off checked nothing, and their arrows are not drawn as violations.
        let off = RuleRegistry.all.map { $0.id }.filter { result.ruleSet.severity(of: $0) == .off }
        if !off.isEmpty {
            page.raw("<p class=\"off-rules\" id=\"off-rules\">")
            page.text("Not checked: \(counted(off.count, "rule")) off (\(off.joined(separator: ", "))); 'viperlint rules' lists them.")
            page.raw("</p>\n")
        }
        page.element("h1", "viperlint report")
        page.raw("<p class=\"meta\">")
        page.text("\(result.root) · \(ViperLint.name) \(ViperLint.version) · \(counted(result.fileCount, "file")) · \(counted(result.modules.count, "module"))")
        page.raw("</p>\n<div class=\"tiles\">\n")
        var tiles: [(String, Int, String)] = [("errors", result.count(.error), "error"), ("warnings", result.count(.warning), "warning"),
                                              ("files that do not parse", result.parseErrors.count, "parse"),
                                              ("files skipped", result.skipped.count, "skipped")]
        if let baseline = result.baseline {
            // With a baseline, what is shown is what is new; what it hides and what got fixed are counted.
            tiles.insert(("new since the baseline", result.violations.count, result.violations.isEmpty ? "skipped" : "new"), at: 0)
            tiles.append(("hidden by the baseline", baseline.hidden, "skipped"))
            tiles.append(("baseline findings fixed", baseline.stale.reduce(0) { $0 + $1.count }, "fixed"))
        }
        for (label, count, kind) in tiles {
            page.raw("<div class=\"tile \(kind)\(count == 0 ? " zero" : "")\"><b>\(count)</b> ")
            page.text(label)
            page.raw("</div>\n")
        }
        page.raw("</div>\n</header>\n")
    }

    static func rules(_ result: LintResult, into page: inout HTMLText) {
        page.raw("<section id=\"rules\">\n<h2>Findings by rule</h2>\n")
        guard !result.violations.isEmpty else {
            page.raw("<p class=\"clean\">No architecture violations.</p>\n</section>\n")
            return
        }
        let byRule = Dictionary(grouping: result.violations, by: \.rule)
        let largest = byRule.values.map(\.count).max() ?? 1
        page.raw("<table class=\"rules\">\n<thead><tr><th>rule</th><th>errors</th><th>warnings</th><th>share</th></tr></thead>\n<tbody>\n")
        for (rule, found) in byRule.sorted(by: { ($1.value.count, $0.key) < ($0.value.count, $1.key) }) {
            let errors = found.filter { $0.severity == .error }.count
            let width = max(2, 200 * found.count / largest)
            page.raw("<tr><td>")
            // The rule's documentation where its count is: what it checks and how to fix it.
            if let documented = RuleRegistry.type(withID: rule) {
                page.raw("<details class=\"rule\"><summary><code>")
                page.text(rule)
                page.raw("</code> ")
                page.text(documented.summary)
                page.raw("</summary><p>")
                page.text(documented.rationale)
                page.raw("</p></details>")
            } else {
                page.raw("<code>")
                page.text(rule)
                page.raw("</code>")
            }
            page.raw("</td><td class=\"number\">\(errors)</td><td class=\"number\">\(found.count - errors)</td>")
            page.raw("<td><svg width=\"200\" height=\"12\" role=\"img\" aria-label=\"\(counted(found.count, "finding"))\">"
                + "<rect class=\"\(errors > 0 ? "bar-error" : "bar-warning")\" x=\"0\" y=\"1\" width=\"\(width)\" height=\"10\" rx=\"2\" /></svg></td></tr>\n")
        }
        page.raw("</tbody>\n</table>\n</section>\n")
    }

    /// Which layers each module has, each cell shaded by the findings of that module and layer.
    static func matrix(_ result: LintResult, ruleSet: RuleSet, into page: inout HTMLText) {
        var present: [String: Set<Layer>] = [:]
        for symbol in result.index.symbols {
            if let module = symbol.module.module, let layer = symbol.layer.layer { present[module, default: []].insert(layer) }
        }
        // Modules only: a folder of cells or of network code is no row (the index says which are).
        let modules = result.modules
        guard !modules.isEmpty else { return }
        let layers = Layer.allCases.filter { layer in ruleSet.activeLayers.contains(layer) && modules.contains { present[$0]?.contains(layer) == true } }
        var counts: [String: Int] = [:]
        for violation in result.violations {
            if let module = violation.module, let layer = violation.layer { counts["\(module)\u{0}\(layer.name)", default: 0] += 1 }
        }
        var totals: [String: Int] = [:]
        for violation in result.violations { if let module = violation.module { totals[module, default: 0] += 1 } }
        // The worst modules first; past the first rows the rest fold away, so a large app's
        // matrix does not push everything else a screen down per hundred modules.
        let ranked = modules.sorted { (totals[$1] ?? 0, $0) < (totals[$0] ?? 0, $1) }
        let shownFirst = ranked.count > matrixRows + 5 ? matrixRows : ranked.count
        page.raw("<section id=\"matrix\">\n<h2>Modules and their layers</h2>\n")
        page.raw("<p class=\"note\">A cell is a layer the module has; its number is the findings in it (darker: more). The worst modules first.</p>\n")
        table(ranked.prefix(shownFirst))
        if shownFirst < ranked.count {
            page.raw("<details class=\"more\"><summary>\(counted(ranked.count - shownFirst, "more module"))</summary>\n")
            table(ranked.dropFirst(shownFirst))
            page.raw("</details>\n")
        }
        page.raw("</section>\n")

        func table(_ rows: ArraySlice<String>) {
            page.raw("<div class=\"scroll\"><table class=\"matrix\">\n<thead><tr><th>module</th>")
            for layer in layers { page.raw("<th>\(layer.name)</th>") }
            page.raw("<th>findings</th></tr></thead>\n<tbody>\n")
            for module in rows {
                page.raw("<tr><th scope=\"row\">")
                page.text(module)
                page.raw("</th>")
                var total = 0
                for layer in layers {
                    guard present[module]?.contains(layer) == true else {
                        page.raw("<td class=\"absent\">·</td>")
                        continue
                    }
                    let count = counts["\(module)\u{0}\(layer.name)"] ?? 0
                    total += count
                    let shade = count == 0 ? 0 : count <= 2 ? 1 : count <= 5 ? 2 : 3
                    page.raw("<td class=\"shade\(shade)\">\(count)</td>")
                }
                page.raw("<td class=\"number\">\(total)</td></tr>\n")
            }
            page.raw("</tbody>\n</table></div>\n")
        }
    }

    /// `1 error`, `2 errors`.
    /// How many modules the matrix shows before folding the rest away.
    static let matrixRows = 40

    /// The module arrows with findings, and the dependency cycles exactly as reported (the
    /// findings that carry a cycle), arrows on them marked.
    static func moduleArrows(_ graph: DependencyGraph, cycles: [[String]], into page: inout HTMLText) {
        let shown = graph.edges.filter { $0.violations > 0 || $0.inCycle }
        guard !shown.isEmpty || !cycles.isEmpty || graph.nodes.contains(where: \.isShared) else { return }
        page.raw("<section id=\"module-arrows\">\n<h2>Module dependencies with findings or cycles</h2>\n")
        if shown.isEmpty { page.raw("<p class=\"clean\">No module dependency carries a finding or a cycle.</p>\n") }
        if !cycles.isEmpty {
            page.raw("<p>Dependency cycles reported (\(cycles.count)):</p>\n<ul class=\"cycles\">\n")
            for cycle in cycles {
                page.raw("<li>")
                if cycle.count > 13 {
                    // A long cycle folds to its ends; the whole path is one click away.
                    page.raw("<details><summary>")
                    page.text(cycle.prefix(6).joined(separator: " → ") + " → … → " + cycle.suffix(2).joined(separator: " → ")
                        + " (\(cycle.count - 1) modules)")
                    page.raw("</summary><span class=\"full\">")
                    page.text(cycle.joined(separator: " → "))
                    page.raw("</span></details>")
                } else {
                    page.text(cycle.joined(separator: " → "))
                }
                page.raw("</li>\n")
            }
            page.raw("</ul>\n")
        }
        // Shared folders (Common, Services) are not VIPER modules: marked on arrows, listed apart.
        let shared = graph.nodes.filter(\.isShared)
        let sharedNames = Set(shared.map(\.name))
        func named(_ node: String) -> String { sharedNames.contains(node) ? "\(node) (shared)" : node }
        if !shown.isEmpty {
            page.raw("<ul class=\"arrows\">\n")
            for edge in shown {
                page.raw("<li>")
                let references = edge.references == 1 ? "1 reference" : "\(edge.references) references"
                let cyclic = edge.inCycle ? ", on a reported cycle" : ""
                page.text("\(named(edge.from)) → \(named(edge.to)): \(references), \(edge.violations) reported\(cyclic)")
                page.raw("</li>\n")
            }
            page.raw("</ul>\n")
        }
        if !shared.isEmpty {
            page.raw("<p class=\"note\">Shared folders, by the folder that holds them (not modules, so not drawn as such):</p>\n<ul class=\"shared\">\n")
            for (group, members) in Dictionary(grouping: shared, by: { $0.group ?? "" }).sorted(by: { $0.key < $1.key }) {
                page.raw("<li>")
                page.text((group.isEmpty ? "" : group + ": ") + members.map(\.name).sorted().joined(separator: ", "))
                page.raw("</li>\n")
            }
            page.raw("</ul>\n")
        }
        page.raw("<p class=\"note\">The whole graph: <code>viperlint graph --format dot | dot -Tsvg</code>.</p>\n</section>\n")
    }

    static func findings(_ result: LintResult, context: ReportContext, into page: inout HTMLText) {
        page.raw("<section id=\"findings\">\n<h2>Findings by module</h2>\n")
        let base = SARIFBase(result)
        let byModule = Dictionary(grouping: result.violations) { $0.module ?? "" }
        // Open by default only when the whole list is short.
        let open = result.violations.count <= 30 ? " open=\"open\"" : ""
        // The worst modules first: most errors, then most findings, then by name.
        func weight(_ module: String) -> (Int, Int) {
            (byModule[module]!.filter { $0.severity == .error }.count, byModule[module]!.count)
        }
        filterForm(result.violations, into: &page)
        page.raw("<div id=\"modules\">\n")
        for module in byModule.keys.sorted(by: { (weight($1).0, weight($1).1, $0) < (weight($0).0, weight($0).1, $1) }) {
            let found = byModule[module]!
            let errors = found.filter { $0.severity == .error }.count
            // What the filter script sorts by; the order written is the worst first.
            page.raw("<details class=\"module\"\(open) data-name=\"\(HTMLText.escaped(module))\" data-errors=\"\(errors)\" data-count=\"\(found.count)\"><summary>")
            page.element("span", module.isEmpty ? "(no module)" : module, class: "name")
            page.text(" · \(counted(errors, "error")), \(counted(found.count - errors, "warning"))")
            page.raw("</summary>\n")
            // One table per module, a heading row per file: about five elements per finding.
            page.raw("<table class=\"findings\">\n")
            let byFile = Dictionary(grouping: found, by: \.file)
            for file in byFile.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                page.raw("<tr class=\"file\"><th colspan=\"2\">")
                page.text(context.displayPath(file))
                page.raw("</th></tr>\n")
                for violation in byFile[file]! {
                    page.raw("<tr class=\"\(violation.severity.rawValue)\" data-rule=\"\(HTMLText.escaped(violation.rule))\" "
                        + "data-layer=\"\(violation.layer?.name ?? "")\"><td class=\"where\">")
                    if let source = context.sourceURL {
                        // The link leads to the repository's copy of the file, at its line.
                        page.raw("<a href=\"\(HTMLText.escaped(source.link(path: base.prefix + violation.file, line: violation.line)))\">")
                        page.raw("\(violation.line):\(violation.column)</a>")
                    } else {
                        page.raw("\(violation.line):\(violation.column)")
                    }
                    page.raw("</td><td>")
                    page.text(violation.message)
                    page.raw(" <code>")
                    page.text(violation.rule)
                    page.raw("</code>")
                    if let line = result.lineTexts[violation.file]?[violation.line] {
                        page.raw("<pre>")
                        page.text(line.trimmingCharacters(in: .whitespaces))
                        page.raw("</pre>")
                    }
                    page.raw("</td></tr>\n")
                }
            }
            page.raw("</table>\n")
            page.raw("</details>\n")
        }
        page.raw("</div>\n")
        if !result.parseErrors.isEmpty || !result.skipped.isEmpty || !result.notes.isEmpty {
            page.raw("<details class=\"module\"><summary><span class=\"name\">Files not fully analyzed</span></summary>\n<ul>\n")
            for note in result.notes {
                page.raw("<li>")
                page.text(note)
                page.raw("</li>\n")
            }
            for entry in result.parseErrors {
                page.raw("<li>")
                page.text("\(context.displayPath(entry.file)):\(entry.line):\(entry.column): does not parse cleanly (\(entry.message))")
                page.raw("</li>\n")
            }
            for skip in result.skipped {
                page.raw("<li>")
                page.text("\(context.displayPath(skip.path)): skipped, \(skip.reason)")
                page.raw("</li>\n")
            }
            page.raw("</ul>\n</details>\n")
        }
        page.raw("</section>\n")
    }

    /// The filter bar: hidden in the markup, shown by the script, so a page read with scripts
    /// off has no controls that do nothing. Its choices are the values the findings have.
    static func filterForm(_ violations: [Violation], into page: inout HTMLText) {
        guard !violations.isEmpty else { return }
        page.raw("<form id=\"filter\" class=\"filter\" hidden=\"hidden\" role=\"search\">\n")
        func choice(_ label: String, _ name: String, _ values: [String]) {
            page.raw("<label>\(label) <select name=\"\(name)\"><option value=\"\">all</option>")
            for value in values {
                page.raw("<option value=\"\(HTMLText.escaped(value))\">")
                page.text(value)
                page.raw("</option>")
            }
            page.raw("</select></label>\n")
        }
        choice("rule", "rule", Set(violations.map(\.rule)).sorted())
        choice("module", "module", Set(violations.compactMap(\.module)).sorted())
        let layers = Set(violations.compactMap { $0.layer?.name })
        choice("layer", "layer", Layer.allCases.map(\.name).filter(layers.contains))
        choice("severity", "severity", Severity.allCases.map(\.rawValue).filter { name in violations.contains { $0.severity.rawValue == name } })
        page.raw("<label>search <input type=\"search\" name=\"q\" placeholder=\"type, file or words\" /></label>\n")
        page.raw("<label>modules <select name=\"sort\"><option value=\"worst\">worst first</option>"
            + "<option value=\"name\">by name</option><option value=\"count\">most findings</option></select></label>\n")
        page.raw("<output id=\"shown\" aria-live=\"polite\"></output>\n</form>\n")
    }

    /// Each rule's count over the runs of `--history`, oldest on the left, this run last.
    static func trend(_ runs: [RunHistory.Entry], into page: inout HTMLText) {
        guard let current = runs.last else { return }
        page.raw("<section id=\"trend\">\n<h2>Trend</h2>\n")
        guard runs.count > 1 else {
            page.raw("<p class=\"note\">The first run in the history file; the trend shows from the second.</p>\n</section>\n")
            return
        }
        let first = runs[0]
        page.raw("<p class=\"note\">")
        page.text("\(runs.count) runs, \(first.time) to \(current.time). Each line is a rule's findings per run; the scale is the rule's own.")
        page.raw("</p>\n<table class=\"trend\">\n<thead><tr><th>findings</th><th>runs</th><th>first</th><th>now</th></tr></thead>\n<tbody>\n")
        var series: [(String, [Int])] = [("all", runs.map { $0.errors + $0.warnings })]
        let rules = Set(runs.flatMap(\.byRule.keys)).sorted { (current.byRule[$1] ?? 0, $0) < (current.byRule[$0] ?? 0, $1) }
        // The rules with most findings now; a history naming hundreds of rules is not ours.
        series += rules.prefix(trendRules).map { rule in (rule, runs.map { $0.byRule[rule] ?? 0 }) }
        for (name, counts) in series {
            page.raw("<tr><td><code>")
            page.text(name)
            page.raw("</code></td><td>\(sparkline(counts))</td><td class=\"number\">\(counts[0])</td><td class=\"number\">\(counts[counts.count - 1])</td></tr>\n")
        }
        page.raw("</tbody>\n</table>\n</section>\n")
    }

    /// How many rules the trend draws.
    static let trendRules = 40

    /// A line through the counts, 240 by 28, rising as findings grow; a dot marks the last run.
    static func sparkline(_ counts: [Int]) -> String {
        let (width, height) = (240, 28)
        let top = max(1, counts.max() ?? 1)
        let step = counts.count > 1 ? Double(width - 8) / Double(counts.count - 1) : 0
        let points = counts.enumerated().map { index, count in
            (4 + Int((Double(index) * step).rounded()), height - 4 - Int((Double(height - 8) * Double(count) / Double(top)).rounded(.down)))
        }
        let path = points.map { "\($0.0),\($0.1)" }.joined(separator: " ")
        let last = points[points.count - 1]
        return "<svg class=\"spark\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" "
            + "aria-label=\"\(counts.map(String.init).joined(separator: ", "))\"><polyline points=\"\(path)\" />"
            + "<circle cx=\"\(last.0)\" cy=\"\(last.1)\" r=\"3\" /></svg>"
    }

    /// Filters the findings by the form's choices and words, and sorts the module sections.
    /// It only hides, shows and reorders elements already on the page: nothing is fetched or
    /// written as markup, so its hash in the CSP is all it needs.
    /// The filter script as the page holds it: inside a CDATA section that JavaScript reads as
    /// two comment lines, so its `<` and `&&` keep the page well-formed XML. The CSP hash is
    /// of this exact text.
    static let scriptElementText = "//<![CDATA[\n" + filterScript + "\n//]]>"

    static let filterScript = """
        (function(){var form=document.getElementById('filter');if(!form)return;form.hidden=false;\
        var box=document.getElementById('modules'),shown=document.getElementById('shown');\
        var modules=Array.prototype.slice.call(box.querySelectorAll('details.module'));\
        var worst=modules.slice(),total=box.querySelectorAll('tr[data-rule]').length;\
        function text(e){return e.textContent.toLowerCase();}\
        function apply(){var rule=form.rule.value,module=form.module.value,layer=form.layer.value,\
        severity=form.severity.value,words=form.q.value.trim().toLowerCase();\
        var active=rule||module||layer||severity||words,count=0;\
        modules.forEach(function(d){var matched=0,heading=null,inFile=0,rows=d.querySelectorAll('tr');\
        var moduleOK=!module||d.getAttribute('data-name')===module;\
        for(var i=0;i<rows.length;i++){var r=rows[i];\
        if(r.className==='file'){if(heading)heading.hidden=!inFile;heading=r;inFile=0;continue;}\
        var ok=moduleOK&&(!rule||r.getAttribute('data-rule')===rule)&&(!layer||r.getAttribute('data-layer')===layer)\
        &&(!severity||r.className===severity)&&(!words||text(r).indexOf(words)>=0||(heading&&text(heading).indexOf(words)>=0));\
        r.hidden=!ok;if(ok){inFile++;matched++;}}\
        if(heading)heading.hidden=!inFile;d.hidden=!matched;if(active&&matched)d.open=true;count+=matched;});\
        shown.textContent=active?'showing '+count+' of '+total+' findings':total+' findings';}\
        function sort(){var key=form.sort.value,order=worst.slice();\
        if(key==='name')order.sort(function(a,b){return a.getAttribute('data-name')<b.getAttribute('data-name')?-1:1;});\
        if(key==='count')order.sort(function(a,b){return b.getAttribute('data-count')-a.getAttribute('data-count')||worst.indexOf(a)-worst.indexOf(b);});\
        order.forEach(function(d){box.appendChild(d);});}\
        form.addEventListener('input',apply);form.addEventListener('change',function(e){if(e.target.name==='sort')sort();apply();});\
        form.addEventListener('submit',function(e){e.preventDefault();});apply();})();
        """

    static let stylesheet = """
        body{font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;color:#1f2933;\
        margin:0 auto;max-width:1100px;padding:24px;background:#fff}
        h1{font-size:22px;margin:0 0 4px}
        .verdict{margin:0 0 12px;padding:10px 14px;border-radius:6px;font-weight:600;font-size:16px}
        .verdict.fail{background:#fdecea;color:#b71c1c;border-left:6px solid #c62828}
        .verdict.pass{background:#e8f5e9;color:#1b5e20;border-left:6px solid #2e7d32}
        details.rule summary{cursor:pointer}details.rule p{margin:4px 0 8px;color:#3e4c59;max-width:720px;white-space:pre-line}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #e4e7eb;padding-bottom:4px}
        .meta,.note{color:#616e7c;margin:0 0 8px}.clean{color:#2e7d32;font-weight:600}
        .tiles{display:flex;flex-wrap:wrap;gap:10px;margin-top:12px}
        .tile{border-radius:6px;padding:8px 14px;background:#f5f7fa;border-left:4px solid #9aa5b1}
        .tile b{font-size:20px;margin-right:4px}.tile.error{border-color:#c62828}.tile.warning{border-color:#ef8c00}
        .tile.parse{border-color:#7b61ff}.tile.new{border-color:#c62828}.tile.fixed{border-color:#2e7d32}.tile.zero{opacity:.55}
        [hidden]{display:none!important}
        form.filter{display:flex;flex-wrap:wrap;gap:8px 14px;align-items:center;margin:0 0 10px;padding:8px 10px;\
        background:#f5f7fa;border-radius:6px}form.filter select,form.filter input{font:inherit;max-width:220px}
        form.filter output{color:#616e7c}
        svg.spark polyline{fill:none;stroke:#c62828;stroke-width:1.5}svg.spark circle{fill:#c62828}
        table{border-collapse:collapse}th,td{padding:4px 8px;text-align:left;vertical-align:top}
        thead th{font-size:12px;color:#616e7c;border-bottom:1px solid #e4e7eb}
        td.number{text-align:right;font-variant-numeric:tabular-nums}
        .bar-error{fill:#c62828}.bar-warning{fill:#ef8c00}
        .scroll{overflow-x:auto}
        table.matrix td{text-align:center;min-width:62px;border:2px solid #fff;font-variant-numeric:tabular-nums}
        table.matrix th[scope=row]{white-space:nowrap}
        td.absent{color:#cbd2d9}td.shade0{background:#e3f2e5}td.shade1{background:#ffe0b2}
        td.shade2{background:#ffab91}td.shade3{background:#e57373;color:#fff;font-weight:600}
        ul.arrows{margin:0;padding-left:20px}
        details.more summary{cursor:pointer;color:#3e4c59;margin:6px 0}
        details.module{border:1px solid #e4e7eb;border-radius:6px;margin:8px 0;padding:6px 12px}
        details.module summary{cursor:pointer}summary .name{font-weight:600}
        table.findings{width:100%}table.findings td{border-top:1px solid #f0f2f5;overflow-wrap:anywhere}
        summary,ul.cycles,ul.arrows,ul.shared,.meta{overflow-wrap:anywhere}
        tr.file th{font:600 13px ui-monospace,Menlo,Consolas,monospace;color:#3e4c59;padding-top:12px;word-break:break-all}
        td.where{font:12px ui-monospace,Menlo,Consolas,monospace;color:#616e7c;white-space:nowrap;border-left:4px solid}
        tr.error td.where{border-left-color:#c62828}tr.warning td.where{border-left-color:#ef8c00}
        table.findings code{color:#616e7c;font-size:12px}
        pre{margin:4px 0 0;padding:4px 8px;background:#f5f7fa;border-radius:4px;font-size:12px;white-space:pre-wrap;word-break:break-all}
        svg.graph{max-width:100%;height:auto}svg.graph text{font:12px -apple-system,Helvetica,Arial,sans-serif}
        svg.graph .node{fill:#f5f7fa;stroke:#9aa5b1}svg.graph .node.findings{stroke:#c62828;stroke-width:2}
        svg.graph .allowed{stroke:#90a4ae;fill:none;stroke-width:1.5}
        svg.graph .unchecked{stroke:#b0bec5;fill:none;stroke-width:1.5;stroke-dasharray:2 4}svg.graph .label-unchecked{fill:#90a4ae}
        svg.graph .violating{stroke:#c62828;fill:none;stroke-width:2.5;stroke-dasharray:6 4}
        svg.graph .label-allowed,svg.graph .label-violating{paint-order:stroke;stroke:#fff;stroke-width:4px;stroke-linejoin:round}
        svg.graph .label-allowed{fill:#607d8b}svg.graph .label-violating{fill:#c62828;font-weight:600}
        svg.graph .count{fill:#616e7c;font-size:11px}
        """
}
