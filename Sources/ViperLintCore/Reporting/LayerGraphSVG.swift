/// Draws the layer dependency graph as inline SVG: layers stacked in architectural order
/// (screen at the top, data at the bottom), arrows pointing down on the right, arrows pointing
/// up on the left, each an arc whose width grows with the distance it spans, so no two arcs
/// coincide. Sizes and colours are attributes and classes only (no inline `style`).
enum LayerGraphSVG {
    static let nodeWidth = 190
    static let nodeHeight = 42
    static let rowHeight = 70
    static let top = 16

    static func render(_ graph: DependencyGraph) -> String {
        guard !graph.nodes.isEmpty else { return "<p class=\"note\">No layer was found.</p>" }
        let row = Dictionary(uniqueKeysWithValues: graph.nodes.enumerated().map { ($1.name, $0) })
        // Each side's arcs, shortest span innermost; the rank sets how far an arc bulges.
        let down = graph.edges.filter { row[$0.from]! < row[$0.to]! }
        let up = graph.edges.filter { row[$0.from]! > row[$0.to]! }
        func ranked(_ edges: [DependencyGraph.Edge]) -> [(edge: DependencyGraph.Edge, bulge: Int)] {
            edges.sorted { (abs(row[$0.from]! - row[$0.to]!), row[$0.from]!, row[$0.to]!) < (abs(row[$1.from]! - row[$1.to]!), row[$1.from]!, row[$1.to]!) }
                .enumerated().map { ($1, 34 + 26 * $0) }
        }
        let right = ranked(down), left = ranked(up)
        let widest = max(right.map(\.bulge).max() ?? 0, left.map(\.bulge).max() ?? 0)
        let width = nodeWidth + 2 * (widest + 60)
        let height = top * 2 + rowHeight * (graph.nodes.count - 1) + nodeHeight + 24
        let center = width / 2

        // Where arcs meet a node: spread over its side so arrow heads do not pile up.
        var slots: [String: [Int]] = [:]
        func anchorY(node: String, side: Int, index: Int) -> Int {
            let key = "\(node)|\(side)"
            let taken = slots[key, default: []]
            slots[key] = taken + [index]
            let position = taken.count
            let offsets = [0, -9, 9, -17, 17, -5, 5, -13, 13]
            return top + row[node]! * rowHeight + nodeHeight / 2 + offsets[position % offsets.count]
        }

        var svg = "<svg class=\"graph\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" "
            + "aria-label=\"Layer dependency graph\">\n<defs>\n"
        for (name, color) in [("allowed", "#90a4ae"), ("violating", "#c62828"), ("unchecked", "#b0bec5")] {
            svg += "<marker id=\"arrow-\(name)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">"
                + "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(color)\" /></marker>\n"
        }
        svg += "</defs>\n"

        for (sideIndex, arcs) in [right, left].enumerated() {
            let sign = sideIndex == 0 ? 1 : -1
            let x = center + sign * nodeWidth / 2
            for (number, arc) in arcs.enumerated() {
                let y0 = anchorY(node: arc.edge.from, side: sideIndex, index: number)
                let y1 = anchorY(node: arc.edge.to, side: sideIndex, index: number)
                let reach = x + sign * arc.bulge * 4 / 3
                let kind = arc.edge.isViolating ? "violating" : arc.edge.checked ? "allowed" : "unchecked"
                svg += "<path class=\"\(kind)\" d=\"M\(x),\(y0) C\(reach),\(y0) \(reach),\(y1) \(x + sign * 3),\(y1)\" marker-end=\"url(#arrow-\(kind))\">"
                svg += "<title>\(HTMLText.escaped("\(arc.edge.from) → \(arc.edge.to): \(GraphRenderer.label(arc.edge))"))</title></path>\n"
                var label = "\(arc.edge.references)"
                if arc.edge.violations > 0 { label += " ✗\(arc.edge.violations)" } else if arc.edge.allowed == false { label += " ✗" }
                svg += "<text class=\"label-\(kind)\" x=\"\(x + sign * arc.bulge)\" y=\"\((y0 + y1) / 2 + 4)\" text-anchor=\"middle\">\(label)</text>\n"
            }
        }
        for (index, node) in graph.nodes.enumerated() {
            let y = top + index * rowHeight
            svg += "<g><rect class=\"node\(node.findings > 0 ? " findings" : "")\" x=\"\(center - nodeWidth / 2)\" y=\"\(y)\" "
                + "width=\"\(nodeWidth)\" height=\"\(nodeHeight)\" rx=\"6\" />"
            svg += "<text x=\"\(center)\" y=\"\(y + 17)\" text-anchor=\"middle\" font-weight=\"600\">\(HTMLText.escaped(node.name))</text>"
            svg += "<text class=\"count\" x=\"\(center)\" y=\"\(y + 33)\" text-anchor=\"middle\">\(counted(node.types, "type")) · \(counted(node.findings, "finding"))</text></g>\n"
        }
        let unchecked = graph.edges.contains { !$0.checked } ? " · dotted: not checked (layer-dependency is off)" : ""
        svg += "<text class=\"count\" x=\"8\" y=\"\(height - 6)\">n: references · ✗k: k reported as findings · ✗: not allowed by the configuration\(unchecked)</text>\n"
        svg += "</svg>"
        return svg
    }
}
