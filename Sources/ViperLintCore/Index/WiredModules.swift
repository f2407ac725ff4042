/// A module is what a builder wires (issue 54). Names and folders group a screen's parts; where
/// a builder creates a view and connects it to a presenter and to an interactor or a router,
/// those parts are one module whatever their names and folders say. The module is named by:
/// - the builder's own group, when a part is in it (`ExportMnemonicConfirmViewFactory` wiring
///   its own interactor and wireframe to a presenter and view that another screen also uses);
/// - else the presenter's group (the part the others are wired around);
/// - where that group is a folder of several screens (a layer-first `Presenter/` folder), the
///   presenter's name without its suffix (`HomePresenterImpl`: `Home`).
/// A part of another group joins the module unless its group is a screen of its own (a view
/// and one screen's presenter: a view controller that several screens reuse stays where it
/// is), or builders wire it into different modules.
extension Classifier {
    func joinWiredModules(_ index: inout ProjectIndex) {
        let graph = WiringGraph(index)
        func unique(_ qualifiedName: String) -> Int? {
            guard let ids = index.symbolsByName[qualifiedName], ids.count == 1, index.symbols[ids[0]].kind != .protocol else { return nil }
            return ids[0]
        }
        // The screens each group's presenters name, and the groups with a view.
        var screens: [String: Set<String>] = [:]
        var groupsWithViews = Set<String>()
        for symbol in index.symbols where symbol.kind != .protocol {
            guard let module = symbol.module.module else { continue }
            if symbol.layer.layer == .presenter { screens[module, default: []].insert(screenName(symbol.name) ?? symbol.name) }
            if symbol.layer.layer == .view { groupsWithViews.insert(module) }
        }
        func isFolderOfScreens(_ module: String) -> Bool { (screens[module]?.count ?? 0) > 1 }
        func isScreen(_ module: String?) -> Bool { module.map { screens[$0]?.count == 1 && groupsWithViews.contains($0) } ?? false }
        var fileByPath: [String: Int] = [:]
        for (fileIndex, file) in index.files.enumerated() { fileByPath[file.path] = fileIndex }
        // Each part's module by every builder that wires it; none once two builders disagree.
        var wiredInto: [Int: ModuleDecision?] = [:]
        for builder in graph.builders {
            let byPosition = Dictionary(builder.positions.map { ($0.position, $0.type) }, uniquingKeysWith: { first, _ in first })
            guard byPosition[.view] != nil, byPosition[.interactor] != nil || byPosition[.router] != nil,
                  let presenterType = byPosition[.presenter], let presenter = unique(presenterType) else { continue }
            let parts = builder.positions.compactMap { unique($0.type) }
            guard !parts.contains(where: { index.symbols[$0].module.signal == .configGlob }) else { continue }
            let partModules = Set(parts.compactMap { index.symbols[$0].module.module })
            let current = index.symbols[presenter].module
            let builderModule = fileByPath[builder.file].flatMap { index.files[$0].module.module }
            let module = [builderModule, current.module].lazy.compactMap { $0 }
                .first { partModules.contains($0) && !isFolderOfScreens($0) } ?? screenName(index.symbols[presenter].name)
            guard let module else { continue }
            let decision = ModuleDecision(
                module: module, signal: .wiring,
                evidence: "wired with '\(index.symbols[presenter].name)' by \(builder.name) (\(builder.file):\(builder.line))",
                folder: parts.map { index.symbols[$0].module }.first { $0.module == module }?.folder)
            for id in parts {
                if let earlier = wiredInto[id] {
                    if earlier?.module != module { wiredInto[id] = .some(nil) }
                } else {
                    wiredInto[id] = decision
                }
            }
        }
        for (id, wired) in wiredInto.sorted(by: { $0.key < $1.key }) {
            guard let wired else { continue }
            let current = index.symbols[id].module
            guard current.module != wired.module, !isScreen(current.module) else { continue }
            index.symbols[id].module = wired
            let file = index.symbols[id].file
            if index.files[file].module.module == current.module, index.files[file].module.signal != .configGlob {
                index.files[file].module = wired
            }
        }
    }

    /// A part's name without its role's suffix, and without an `Impl` tail (`HomePresenterImpl`: `Home`).
    private func screenName(_ name: String) -> String? {
        namePrefix(WiringGraph.name(name), isProtocol: false)
    }
}
