/// Writes a dependency graph for Graphviz (`dot`), for a Mermaid block in a pull request, or
/// as JSON. Violating arrows are red and labelled with their findings; allowed ones are grey.
public enum GraphRenderer {
    public enum Format: String, CaseIterable, Sendable {
        case dot, mermaid, json
    }

    public static func render(_ graph: DependencyGraph, as format: Format) -> String {
        switch format {
        case .dot: return dot(graph)
        case .mermaid: return mermaid(graph)
        case .json: return json(graph)
        }
    }

    static func label(_ edge: DependencyGraph.Edge) -> String {
        var text = "\(edge.references)"
        if edge.violations > 0 { text += " (\(edge.violations) violating)" }
        if edge.allowed == false { text += " not allowed" }
        if edge.inCycle { text += " cycle" }
        return text
    }

    public static func dot(_ graph: DependencyGraph) -> String {
        func quoted(_ text: String) -> String {
            // Names come from folders: control characters are written as escapes, never raw.
            "\"" + TerminalText.printable(text, keepingNewlines: true).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n") + "\""
        }
        // newrank: Graphviz ranks nodes across clusters as one graph; without it, modules in
        // folder clusters with arrows between them made dot fail ("trouble in init_rank",
        // "lost edge") on real apps.
        var lines = ["digraph viperlint {", "  graph [newrank=true, rankdir=\(graph.level == .layer ? "TB" : "LR"), fontname=\"Helvetica\"];",
                     "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#f4f6f8\", fontname=\"Helvetica\"];",
                     "  edge [fontname=\"Helvetica\", fontsize=10];"]
        func declaration(_ node: DependencyGraph.Node, indent: String) -> String {
            let color = node.findings > 0 ? ", color=\"#c62828\"" : ""
            let shared = node.isShared ? ", style=\"rounded,dashed\", fillcolor=\"#ffffff\"" : ""
            let label = "\(node.name)\(node.isShared ? " (shared)" : "")\n\(counted(node.types, "type")), \(counted(node.findings, "finding"))"
            return "\(indent)\(quoted(node.name)) [label=\(quoted(label))\(color)\(shared)];"
        }
        // Modules cluster by the folder holding them (`Modules`, `Features/Checkout`).
        let groups = Dictionary(grouping: graph.nodes.filter { $0.group != nil }, by: { $0.group! })
        for node in graph.nodes where node.group == nil { lines.append(declaration(node, indent: "  ")) }
        for (number, group) in groups.keys.sorted().enumerated() {
            lines.append("  subgraph \"cluster_\(number)\" {")
            lines.append("    label=\(quoted(group + "/")); style=\"rounded\"; color=\"#b0bec5\";")
            for node in groups[group]! { lines.append(declaration(node, indent: "    ")) }
            lines.append("  }")
        }
        for edge in graph.edges {
            let style = edge.isViolating ? "color=\"#c62828\", fontcolor=\"#c62828\", penwidth=2, style=dashed" : "color=\"#78909c\""
            lines.append("  \(quoted(edge.from)) -> \(quoted(edge.to)) [label=\(quoted(label(edge))), \(style)];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    public static func mermaid(_ graph: DependencyGraph) -> String {
        // Mermaid ids must be plain words: n0, n1... with the real name as the label.
        let ids = Dictionary(uniqueKeysWithValues: graph.nodes.enumerated().map { ($1.name, "n\($0)") })
        func text(_ value: String) -> String {
            // Inside "..." labels Mermaid reads HTML entities; quotes and angle brackets must not appear raw.
            TerminalText.printable(value, keepingNewlines: true).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "#quot;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
                .replacingOccurrences(of: "\n", with: " ")
        }
        var lines = ["flowchart \(graph.level == .layer ? "TD" : "LR")"]
        for node in graph.nodes {
            lines.append("  \(ids[node.name]!)[\"\(text(node.name))<br/>\(counted(node.types, "type")), \(counted(node.findings, "finding"))\"]")
        }
        var violating: [Int] = []
        for (number, edge) in graph.edges.enumerated() {
            let arrow = edge.isViolating ? "-.->" : "-->"
            lines.append("  \(ids[edge.from]!) \(arrow)|\"\(text(label(edge)))\"| \(ids[edge.to]!)")
            if edge.isViolating { violating.append(number) }
        }
        if !violating.isEmpty {
            lines.append("  linkStyle \(violating.map(String.init).joined(separator: ",")) stroke:#c62828,stroke-width:2px,color:#c62828")
        }
        let flagged = graph.nodes.filter { $0.findings > 0 }.map { ids[$0.name]! }
        if !flagged.isEmpty {
            lines.append("  classDef findings stroke:#c62828,stroke-width:2px")
            lines.append("  class \(flagged.joined(separator: ",")) findings")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func json(_ graph: DependencyGraph) -> String {
        let nodes = graph.nodes.map { node -> JSONOutput in
            .object([("name", .string(node.name)), ("types", .integer(node.types)), ("findings", .integer(node.findings))]
                + (graph.level == .module ? [("group", .optional(node.group)), ("shared", .bool(node.isShared))] : []))
        }
        let edges = graph.edges.map { edge -> JSONOutput in
            var fields: [(String, JSONOutput)] = [("from", .string(edge.from)), ("to", .string(edge.to)),
                                                  ("references", .integer(edge.references)), ("violations", .integer(edge.violations))]
            if let allowed = edge.allowed { fields.append(("allowed", .bool(allowed))) }
            fields.append(("inCycle", .bool(edge.inCycle)))
            fields.append(("violating", .bool(edge.isViolating)))
            return .object(fields)
        }
        return JSONOutput.object([("tool", .string(ViperLint.name)), ("version", .string(ViperLint.version)),
                                  ("level", .string(graph.level.rawValue)), ("nodes", .array(nodes)), ("edges", .array(edges))]).rendered()
    }
}
