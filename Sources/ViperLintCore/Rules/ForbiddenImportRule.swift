/// `forbidden-import`: a layer imports a framework it must not know, or uses that
/// framework's types without importing it.
public struct ForbiddenImportRule: Rule, Equatable {
    public static let id = "forbidden-import"
    public static let summary = "A layer imports a UI framework (or uses its types) that it must not know"
    public static let judgesFilesAlone = true
    public static let defaultSeverity = Severity.warning
    public static let measured = "V2 first look, 5ab45ae: 0.57, 47 of 47 findings reviewed; recall 0.60 (10 labels)"
    public static let rationale = """
        Interactors, Presenters and Entities are the testable core of a module; importing UIKit \
        or SwiftUI there ties business and presentation logic to one UI toolkit and invites \
        view code in. Submodule imports (`import UIKit.UIColor`) count, and so do the \
        framework's types (`UIImage`, SwiftUI's `Color`) reached without an import.
        Fix: remove the import and express what the layer needs in plain types (a display \
        model with strings and identifiers, an asset name instead of a `UIImage`); the View \
        turns them into UI.
        """

    /// Frameworks each layer must not import, e.g. `Interactor: [UIKit, SwiftUI]`.
    public var frameworks: [Layer: [String]]
    /// Type-name patterns (globs over one name) that belong to each framework.
    public var frameworkTypes: [String: [String]]

    public static let options: [RuleOption<ForbiddenImportRule>] = [
        .stringsByLayer("frameworks", \.frameworks),
        RuleOption("frameworkTypes", apply: { rule, node in
            for (framework, list) in node.object(keyNamed: "framework", validate: { _ in nil }) ?? [] {
                if let patterns = list.stringArray() { rule.frameworkTypes[framework] = patterns }
            }
        }, encode: { rule in
            .object(rule.frameworkTypes.keys.sorted().map { ($0, .strings(rule.frameworkTypes[$0]!)) })
        }),
    ]

    public init() {
        self.init(frameworks: Self.classicFrameworks, frameworkTypes: Self.classicFrameworkTypes)
    }

    public init(frameworks: [Layer: [String]], frameworkTypes: [String: [String]]) {
        self.frameworks = frameworks
        self.frameworkTypes = frameworkTypes
    }

    public static let classicFrameworks: [Layer: [String]] = [
        .presenter: ["UIKit", "SwiftUI"],
        .interactor: ["UIKit", "SwiftUI"],
        .entity: ["UIKit", "SwiftUI"],
    ]

    public static let classicFrameworkTypes: [String: [String]] = [
        "UIKit": ["UI[A-Z]*"],
        "SwiftUI": ["View", "Color", "Image", "Text", "Font", "AnyView", "ViewBuilder", "Binding",
                    "NavigationPath", "EnvironmentObject", "StateObject", "ObservedObject"],
    ]

    public func check(_ context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        let patterns = frameworkTypes.mapValues { $0.map(Glob.init) }
        let forbiddenByLayer = frameworks.mapValues { $0.sorted() }
        // Which frameworks' patterns a referenced name matches, worked out once per name:
        // a large project names the same few thousand types hundreds of thousands of times.
        var matchingFrameworks: [String: Set<String>] = [:]
        // The project's type aliases (`typealias Tint = UIColor`): a parameter typed with one is typed with what it names.
        var aliases: [String: String] = [:]
        for file in context.index.files {
            for alias in file.facts.typeAliases where aliases[alias.name] == nil { aliases[alias.name] = alias.typeNames.first }
        }
        for (fileIndex, file) in context.index.files.enumerated() where context.checks(file: fileIndex) {
            let imported = Set(file.facts.imports.map(\.module))
            // The import finding of a framework that re-exports another (SwiftUI brings UIKit)
            // already names those types in its fix: their uses are its sites, not new findings.
            var reexportingImportFinding: [String: Int] = [:]
            if let layer = file.layer.layer, let forbidden = frameworks[layer] {
                // A framework imported twice is one problem: the second import is a site of the first's finding.
                var importFindings: [String: Int] = [:]
                // A debug-only import (`#if DEBUG` around a preview) is no dependency of the app that ships.
                for fact in file.facts.imports where forbidden.contains(fact.module) && !fact.debugOnly {
                    if let first = importFindings[fact.module] {
                        violations[first].related.append(RelatedLocation(file: file.path, position: fact.position,
                                                                         message: "imports '\(fact.fullName)' again"))
                        continue
                    }
                    let isProjectType = { (name: String) in context.index.resolve(name, from: nil, inFile: fileIndex) != nil }
                    let used = typesUsed(through: fact.module, in: file.facts, patterns: patterns)
                        + Self.viewTypesNamed(inFile: fileIndex, context: context)
                        + Self.reexportedUIUses(through: fact.module, in: file.facts, isProjectType: isProjectType)
                    let needed = Self.replacementImports(for: fact.module, in: file.facts, isProjectType: isProjectType)
                    let importLines = needed.map { module in
                        SourceLanguage(path: file.path) == .objectiveC ? "'#import <\(module)/\(module).h>'" : "'import \(module)'"
                    }
                    let then = importLines.isEmpty ? "remove the import" : "replace the import with " + importLines.joined(separator: " and ")
                    let fix = used.isEmpty
                        ? "The file uses no \(fact.module) type: \(then)."
                        : "Move the code that uses \(used.prefix(3).map { "'\($0)'" }.joined(separator: ", ")) into "
                            + "\(allowedLayers(for: fact.module, context)), then \(then)."
                    let message = "\(LayerDependencyRule.fileSubject(layer: layer, module: context.index.shownModule(file.module.module))) imports "
                        + "'\(fact.fullName)'; \(layer.name) must not know \(fact.module). " + fix
                    importFindings[fact.module] = violations.count
                    var violation = context.violation("framework-import", file: fileIndex, at: fact.position, module: file.module.module,
                                                      layer: layer, symbol: fact.fullName, message: message)
                    violation.related = Self.firstUses(of: used, in: file)
                    violations.append(violation)
                    if let reexported = Self.reexports[fact.module], !imported.contains(reexported) {
                        reexportingImportFinding[reexported] = violations.count - 1
                    }
                }
            }
            // One finding per function (or property) and framework: the first use, naming the types.
            var groups: [String: (reference: TypeReferenceFact, layer: Layer, framework: String, types: [String], others: [RelatedLocation])] = [:]
            var order: [String] = []
            var implicitMembers: [String: [String: String]] = [:]
            // A member named without its type (`statusColor: .systemGreen`) is a use of the type of
            // the parameter it fills, where a project initializer or method declares that type.
            let implicitUses = file.facts.implicitMembers.compactMap { member -> TypeReferenceFact? in
                guard let layer = context.queries.layer(at: member.location, inFile: fileIndex), forbiddenByLayer[layer] != nil,
                      let declared = Self.parameterType(filledBy: member, inFile: fileIndex, context: context) else { return nil }
                let type = aliases[declared] ?? declared
                return TypeReferenceFact(name: type, kind: .staticAccess, position: member.location.position,
                                         context: member.location.context, member: member.location.member, accessedMember: member.name)
            }
            // A set: a file of thousands of such members is looked up once per member, not scanned.
            let implicitSet = Set(implicitUses)
            for reference in (file.facts.references + implicitUses).sorted(by: { $0.position < $1.position }) {
                guard let layer = context.queries.layer(of: reference, inFile: fileIndex), let forbidden = forbiddenByLayer[layer] else { continue }
                let matching = matchingFrameworks[reference.name] ?? {
                    let simpleName = Self.simpleName(reference.name)
                    let found = Set(patterns.filter { _, globs in globs.contains { $0.matches(simpleName) } }.keys)
                    matchingFrameworks[reference.name] = found
                    return found
                }()
                guard !matching.isEmpty,
                      let framework = forbidden.first(where: { !imported.contains($0) && matching.contains($0) }) else { continue }
                let simpleName = Self.simpleName(reference.name)
                guard context.index.resolve(reference.name, from: reference.context, inFile: fileIndex) == nil else { continue }
                // An extension that adopts the framework's protocol (`extension P: UITableViewDataSource`)
                // is one problem: its members' uses of the framework are sites of the conformance's finding.
                let adoptingExtension = reference.context.flatMap { context in
                    file.facts.types[context].kind == .extension ? "\(context)::\(framework)" : nil
                }
                let key = adoptingExtension.flatMap { groups[$0]?.reference.kind == .conformance ? $0 : nil }
                    ?? "\(reference.context ?? -1):\(reference.member ?? ""):\(framework)"
                if groups[key] == nil {
                    order.append(key)
                    groups[key] = (reference, layer, framework, [], [])
                } else {
                    groups[key]!.others.append(RelatedLocation(file: file.path, position: reference.position,
                                                               message: "another use of \(framework) type '\(simpleName)'"))
                }
                if !groups[key]!.types.contains(simpleName) { groups[key]!.types.append(simpleName) }
                // `.systemGreen` for 'UIColor': the type the code never names, shown with the member that stands for it.
                if let implicit = reference.accessedMember, implicitMembers[key]?[simpleName] == nil, implicitSet.contains(reference) {
                    implicitMembers[key, default: [:]][simpleName] = implicit
                }
            }
            for key in order {
                let (reference, layer, framework, types, others) = groups[key]!
                if let importFinding = reexportingImportFinding[framework] {
                    let named = types.map { "'\($0)'" }.joined(separator: ", ")
                    // The first use of a type is already the import's site; this says which framework it is from.
                    let site = RelatedLocation(file: file.path, position: reference.position, message: "uses \(framework) \(named) through this import")
                    violations[importFinding].related.removeAll { $0.line == site.line && $0.column == site.column }
                    violations[importFinding].related.append(site)
                    violations[importFinding].related += others.filter { other in
                        !violations[importFinding].related.contains { $0.line == other.line && $0.column == other.column }
                    }
                    continue
                }
                let owner = context.index.classification(ofDeclaration: reference.context, inFile: fileIndex)
                let declaration = context.declaration(for: reference, inFile: fileIndex)
                let symbol = declaration?.name
                let named = types.map { type in implicitMembers[key]?[type].map { "'\(type)' (as '.\($0)')" } ?? "'\(type)'" }
                    .joined(separator: ", ")
                let message = "\(context.describe(layer: layer, symbol: symbol, module: owner.module)) uses \(framework) "
                    + "type\(types.count == 1 ? "" : "s") \(named); \(layer.name) must not know \(framework). "
                    + "Use a plain type instead and keep \(framework) types in \(allowedLayers(for: framework, context))."
                var violation = context.violation("framework-type", file: fileIndex, at: reference.position, module: owner.module,
                                                  layer: layer, declaration: declaration, message: message)
                violation.related = others
                violations.append(violation)
            }
        }
        return violations
    }

    /// Where a file first uses each of `types`: the code the import's fix moves.
    static func firstUses(of types: [String], in file: IndexedFile) -> [RelatedLocation] {
        var remaining = Set(types)
        var sites: [RelatedLocation] = []
        for reference in file.facts.references.sorted(by: { $0.position < $1.position }) where !remaining.isEmpty {
            let name = simpleName(reference.name)
            guard remaining.remove(name) != nil else { continue }
            sites.append(RelatedLocation(file: file.path, position: reference.position, message: "uses '\(name)' here"))
        }
        return sites
    }

    /// The project's views a file builds or asks for values (`ChatMessageView(...)`, a SwiftUI
    /// row handed out as `AnyView`): the UI reaches the file through them, so an import that
    /// looks unused still stands for a UI dependency, and the code using them has to move.
    /// Holding a view (`weak var view: HomeViewController?`) is `concrete-dependency`'s finding;
    /// a view's input model (`WineView.Content(title:)`) is display data a Presenter builds.
    static func viewTypesNamed(inFile fileIndex: Int, context: RuleContext) -> [String] {
        var names: [String] = []
        for reference in context.index.files[fileIndex].facts.references
        where reference.kind == .instantiation || reference.kind == .staticAccess {
            guard let symbol = context.index.resolve(reference.name, from: reference.context, inFile: fileIndex),
                  !names.contains(symbol.name), symbol.kind != .protocol, symbol.file != fileIndex, symbol.layer.layer == .view
            else { continue }
            names.append(symbol.name)
        }
        return names
    }

    /// The type of the parameter an implicit member fills (`Content(title:statusColor:)`'s
    /// `statusColor`): a parameter of a project initializer or function the call reaches (a
    /// type's written initializers, a type's static function, `view.update(color:)` through the
    /// receiver's declared type and the protocols it adopts), matched by position when the call
    /// passes every parameter and else by name; for a struct with no written initializer, its
    /// stored property of the label's name (the memberwise initializer). Nil where the call is
    /// no project code's, or builds a project view (building a view is `concrete-dependency`'s).
    static func parameterType(filledBy member: ImplicitMemberFact, inFile file: Int, context: RuleContext) -> String? {
        let labels = member.labels
        guard member.argument < labels.count else { return nil }
        let label = labels[member.argument]
        let parts = member.function.split(separator: ".").map(String.init)
        guard let last = parts.last, let first = parts.first else { return nil }
        let index = context.index
        var owners: [TypeSymbol] = []
        var function = "init"
        var builtType: TypeSymbol?
        if first.first?.isUppercase == true {
            if let built = index.resolve(member.function, from: member.location.context, inFile: file), built.kind != .protocol {
                builtType = built
            } else if parts.count == 2, let type = index.resolve(first, from: member.location.context, inFile: file) {
                owners = [type]
                function = last
            }
        } else if parts.count == 2 {
            owners = context.queries.symbols(of: first, at: member.location, inFile: file)
            function = last
        }
        if let built = builtType {
            guard built.layer.layer != .view else { return nil }
            owners = [built]
        }
        for owner in owners + owners.flatMap({ index.protocols(conformedToBy: $0) }) {
            let candidates = index.files[owner.file].facts.functions.filter { candidate in
                candidate.location.context == owner.declaration && (function == "init" ? candidate.kind == .initializer : candidate.name == function)
            }
            for candidate in candidates {
                let parameter = candidate.parameters.count == labels.count ? candidate.parameters[member.argument]
                    : candidate.parameters.first { $0.name == label }
                if let type = parameter?.typeNames.first { return type }
            }
            // A struct whose declaration writes no initializer has the memberwise one.
            if function == "init", candidates.isEmpty, owner.kind == .struct, label != "_",
               let property = index.storedProperties(of: owner).first(where: { $0.property.name == label && !$0.property.isStatic }) {
                return property.property.typeNames.first
            }
        }
        return nil
    }

    /// Frameworks whose import brings another framework's types: SwiftUI re-exports UIKit.
    static let reexports = ["SwiftUI": "UIKit"]

    /// The framework's type names a file mentions (`UIImage`, `Color`) that an import of
    /// `framework` provides, in source order. SwiftUI re-exports UIKit: without its own import,
    /// the UIKit types a file uses come through SwiftUI and must move with it for a fix to compile.
    func typesUsed(through framework: String, in facts: FileFacts, patterns: [String: [Glob]]) -> [String] {
        let reexported = Self.reexports[framework].map { other in
            facts.imports.contains { $0.module == other } ? [] : usedTypes(of: other, in: facts, patterns: patterns)
        } ?? []
        return usedTypes(of: framework, in: facts, patterns: patterns) + reexported
    }

    /// What a file still needs once `framework` is no longer imported: Foundation (UIKit and
    /// SwiftUI re-export it, Combine and Observation do not), and Combine or Observation for
    /// observable types. Modules the file already imports are not repeated.
    /// Modules the framework re-exports that the file still uses are imported instead when
    /// they are not UI code (`import Combine` for `AnyCancellable`, `import CoreGraphics` for
    /// `CGContext`; see `FrameworkReexports`).
    static func replacementImports(for framework: String, in facts: FileFacts, isProjectType: (String) -> Bool) -> [String] {
        let imported = Set(facts.imports.map(\.module))
        let reexported = FrameworkReexports.uses(through: framework, in: facts, isProjectType: isProjectType)
            .map(\.module).filter(\.importable).map(\.name)
        return (["Foundation", replacement(for: framework, in: facts)] + reexported).reduce(into: [String]()) { list, module in
            if !imported.contains(module), !list.contains(module) { list.append(module) }
        }
    }

    /// The names of UI modules the framework re-exports (`CACurrentMediaTime` of QuartzCore,
    /// which UIKit brings) that the file uses without importing them itself: that code needs
    /// the import as much as the framework's own types do.
    static func reexportedUIUses(through framework: String, in facts: FileFacts, isProjectType: (String) -> Bool) -> [String] {
        let imported = Set(facts.imports.map(\.module))
        return FrameworkReexports.uses(through: framework, in: facts, isProjectType: isProjectType)
            .filter { !$0.module.importable && !imported.contains($0.module.name) }.map(\.name)
    }

    /// The framework's type names a file mentions (`UIImage`, `Color`), in source order.
    /// Free functions named like the framework's types count too (`UIGraphicsBeginImageContext`,
    /// `UIAccessibility.post`): the file needs the framework for them as much as for a type.
    private func usedTypes(of framework: String, in facts: FileFacts, patterns: [String: [Glob]]) -> [String] {
        var names: [String] = []
        let globs = patterns[framework] ?? []
        let candidates = facts.references.map { Self.simpleName($0.name) }
            + facts.calls.compactMap { call in call.chain.count == 1 ? call.chain.first : nil }
        for simpleName in candidates where globs.contains(where: { $0.matches(simpleName) }) && !names.contains(simpleName) {
            names.append(simpleName)
        }
        return names
    }

    /// `UIKit.UIImage` -> `UIImage`.
    static func simpleName(_ name: String) -> String {
        String(name.split(separator: ".").last ?? "")
    }

    /// What a file that uses none of a UI framework's types imports instead, so the fix compiles:
    /// `@Observable` needs Observation, `ObservableObject`/`@Published` need Combine.
    static func replacement(for framework: String, in facts: FileFacts) -> String {
        if facts.types.contains(where: { $0.attributes.contains("Observable") }) { return "Observation" }
        let combine = facts.types.contains { type in
            type.inherited.contains("ObservableObject") || type.properties.contains { $0.attributes.contains("Published") }
        }
        return combine ? "Combine" : "Foundation"
    }

    private func allowedLayers(for framework: String, _ context: RuleContext) -> String {
        let layers = context.ruleSet.activeLayers.filter { !(frameworks[$0] ?? []).contains(framework) && $0 != .contracts }
        return layers.map(\.name).joined(separator: ", ")
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("An Interactor imports UIKit", path: "Home/HomeInteractor.swift", """
                ↓import UIKit

                final class HomeInteractor {}
                """).fixing("Home/HomeInteractor.swift", to: """
                import Foundation

                final class HomeInteractor {}
                """),
            RuleExample("An Interactor imports UIKit for every platform that has it: `canImport` is no debug-only clause", path: "Home/HomeInteractor.swift", """
                #if canImport(UIKit)
                ↓import UIKit
                #endif

                final class HomeInteractor {}
                """),
            RuleExample("A Presenter imports a UIKit submodule", files: [("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"), ("Home/HomePresenter.swift", """
                import Foundation
                ↓import UIKit.UIColor

                final class HomePresenter {}
                """)]).fixing("Home/HomePresenter.swift", to: """
                import Foundation

                final class HomePresenter {}
                """),
            RuleExample("A Presenter imports UIKit twice: one finding, the second import its other site, and the fix removes both", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", """
                    ↓import UIKit
                    import Foundation
                    import UIKit

                    final class HomePresenter {}
                    """),
            ]).fixing("Home/HomePresenter.swift", to: """
                import Foundation

                final class HomePresenter {}
                """),
            RuleExample("A Presenter's extension adopts a UIKit delegate: one finding at the conformance, its methods' UIKit types are its other sites", files: [
                ("Scan/ScanInteractor.swift", "final class ScanInteractor {}\n"),
                ("Scan/ScanPresenter.swift", """
                    import Foundation

                    final class ScanPresenter: NSObject {
                        func didPick(_ data: Data) {}
                    }

                    extension ScanPresenter: ↓UIImagePickerControllerDelegate {
                        func imagePickerController(_ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
                            picker.dismiss(animated: true)
                        }

                        func imagePickerControllerDidCancel(_ picker: UIImagePickerController) {
                            picker.dismiss(animated: true)
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor builds an alert with UIKit types it never imports: one finding per function", path: "Home/HomeInteractor.swift", """
                import Foundation

                final class HomeInteractor {
                    func confirmDelete() {
                        let alert = ↓UIAlertController(title: nil, message: nil, preferredStyle: .alert)
                        alert.addAction(UIAlertAction(title: "OK", style: .default))
                        UIApplication.shared.open(URL(string: "app://")!)
                    }

                    func icon() -> ↓UIImage? { nil }
                }
                """),
            RuleExample("A Presenter that imports no UIKit hands a view's model UIKit values by their members ('.systemGreen' for a UIColor)", files: [
                ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
                ("Orders/OrderStatusView.swift", """
                    import UIKit

                    final class OrderStatusView: UIView {
                        struct Content {
                            let title: String
                            let statusColor: UIColor
                        }
                    }
                    """),
                ("Orders/OrdersPresenter.swift", """
                    import Foundation

                    protocol OrdersViewInput: AnyObject {
                        func show(_ content: OrderStatusView.Content, tint: Tint)
                    }

                    struct Tint {
                        init(color: UIColor) {}
                    }

                    final class OrdersPresenter {
                        weak var view: OrdersViewInput?

                        func didLoad(isPaid: Bool) {
                            let content = OrderStatusView.Content(title: "Paid", statusColor: ↓.systemGreen)
                            view?.show(content, tint: Tint(color: .systemRed))
                        }

                        func restyle(painter: Painter, isDark: Bool, isPaid: Bool) {
                            painter.paint(isDark ? (isPaid ? ↓.black : .gray) : .white)
                            _ = Swatch.make(for: .red)
                        }

                        func tinted() -> Tinted {
                            Tinted(tint: ↓.systemRed)
                        }
                    }
                    """),
                ("Orders/Styling.swift", """
                    import UIKit

                    final class Painter {
                        func paint(_ color: UIColor) {}
                    }

                    typealias Tint = UIColor

                    struct Tinted {
                        let tint: Tint
                    }

                    enum Swatch {
                        static func make(for color: UIColor) -> Int { 0 }
                    }
                    """),
            ]),
            RuleExample("A Presenter imports SwiftUI and returns a SwiftUI view", files: [("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"), ("Home/HomePresenter.swift", """
                ↓import SwiftUI

                final class HomePresenter {
                    func makeBadge() -> some View { EmptyView() }
                }
                """)]),
            RuleExample("A Presenter imports SwiftUI and holds a UIImage it brings: one finding, at the import, naming both", files: [
                ("Profile/ProfileInteractor.swift", "final class ProfileInteractor {}\n"),
                ("Profile/ProfilePresenter.swift", """
                    import Foundation
                    ↓import SwiftUI

                    final class ProfilePresenter: ObservableObject {
                        @Published var avatar: Image?
                        var picked: UIImage?
                    }
                    """),
            ]),
            RuleExample("A Presenter imports SwiftUI and builds the project's views: the code building them moves, the import is not merely unused", files: [
                ("News/NewsInteractor.swift", "final class NewsInteractor {}\n"),
                ("News/Views/NewsRow.swift", """
                    import SwiftUI

                    struct NewsRow: View {
                        let title: String

                        var body: some View { Text(title) }
                    }
                    """),
                ("News/NewsPresenter.swift", """
                    import Foundation
                    ↓import SwiftUI

                    final class NewsPresenter {
                        func row(for title: String) -> NewsRow {
                            NewsRow(title: title)
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor uses UIImage reached through another module's re-export", path: "Home/HomeInteractor.swift", """
                import DesignSystem

                final class HomeInteractor {
                    func avatar() -> ↓UIImage? { nil }
                }
                """),
            RuleExample("A Core Data entity outside model folders (an NSManagedObject subclass) imports UIKit", path: "Storage/StoredOrder.swift", """
                import CoreData
                ↓import UIKit

                final class StoredOrder: NSManagedObject {
                    @NSManaged var tint: UIColor?
                }
                """),
            RuleExample("A type named as an Interactor imports SwiftUI in the View target: its name beats the target", files: [
                ("Package.swift", """
                    // swift-tools-version:5.9
                    import PackageDescription
                    let package = Package(name: "App", targets: [.target(name: "View"), .target(name: "Domain")])
                    """),
                ("Sources/View/TaskSyncInteractor.swift", """
                    ↓import SwiftUI

                    public final class TaskSyncInteractor {
                        public private(set) var tint = Color.accentColor
                    }
                    """),
            ]),
            RuleExample("A data struct of a Domain target imports UIKit", files: [
                ("Package.swift", """
                    // swift-tools-version:5.9
                    import PackageDescription
                    let package = Package(name: "App", targets: [.target(name: "View"), .target(name: "Domain")])
                    """),
                ("Sources/Domain/User.swift", """
                    ↓import UIKit

                    public struct User {
                        public var name: String
                        public var avatar: UIImage?
                    }
                    """),
            ]),
        ],
        nonTriggering: [
            RuleExample("An entity's display category file (named 'Type+ViewModel') gives titles and icons with UIKit", files: [
                ("Model/OrderStatus.swift", "enum OrderStatus {\n    case open, shipped\n}\n"),
                ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {\n    func status() -> OrderStatus { .open }\n}\n"),
                ("Model/OrderStatus+ViewModel.swift", """
                    import UIKit

                    extension OrderStatus {
                        func title(for locale: Locale) -> String { self == .open ? "Open" : "Shipped" }

                        var icon: UIImage? { UIImage(named: self == .open ? "open" : "shipped") }
                    }
                    """),
            ]),
            RuleExample("A Core Data stack class (no NSManagedObject base, no @NSManaged data) is no entity", path: "Storage/StoredOrderCache.swift", """
                import CoreData
                import UIKit

                final class StoredOrderCache {
                    let context: NSManagedObjectContext
                    var placeholder: UIImage?

                    init(context: NSManagedObjectContext) {
                        self.context = context
                    }
                }
                """),
            RuleExample("A view in the View target imports SwiftUI", files: [
                ("Package.swift", """
                    // swift-tools-version:5.9
                    import PackageDescription
                    let package = Package(name: "App", targets: [.target(name: "View"), .target(name: "Domain")])
                    """),
                ("Sources/View/TaskSyncView.swift", """
                    import SwiftUI

                    public struct TaskSyncView: View {
                        public var body: some View { Text("Synced") }
                    }
                    """),
            ]),
            RuleExample("A Domain type with behaviour (a route) is no entity", files: [
                ("Package.swift", """
                    // swift-tools-version:5.9
                    import PackageDescription
                    let package = Package(name: "App", targets: [.target(name: "View"), .target(name: "Domain")])
                    """),
                ("Sources/Domain/UserRoute.swift", """
                    import UIKit

                    public struct UserRoute {
                        public var source: UIViewController?

                        public func start() {}
                    }
                    """),
            ]),
            RuleExample("A Model folder's API client (the type the file is named after) with its error enum is not an entity", path: "Model/Network/AuthAPI.swift", """
                import UIKit

                enum SignInError: Error { case invalidPassword }

                final class AuthAPI {
                    func signIn(from controller: UIViewController) {}
                }
                """),
            RuleExample("A Presenter hands its view's model members of the project's own types ('.leading', '.paid', also to an initializer that maps one to a colour), and a View UIKit ones", files: [
                ("Orders/OrdersInteractor.swift", "final class OrdersInteractor {}\n"),
                ("Orders/OrderStatusView.swift", """
                    import UIKit

                    enum Status { case paid, open }
                    enum Alignment { case leading, trailing }

                    final class OrderStatusView: UIView {
                        struct Content {
                            let status: Status
                            let alignment: Alignment
                        }

                        struct Style {
                            let color: UIColor
                        }

                        struct Badge {
                            let color: UIColor
                            init(color: Status) { self.color = color == .paid ? .systemGreen : .systemGray }
                        }

                        let style = Style(color: .systemGreen)
                    }
                    """),
                ("Orders/OrdersPresenter.swift", """
                    import Foundation

                    final class OrdersPresenter {
                        func content() -> OrderStatusView.Content {
                            OrderStatusView.Content(status: .paid, alignment: .leading)
                        }

                        func badge() -> OrderStatusView.Badge {
                            OrderStatusView.Badge(color: .paid)
                        }
                    }
                    """),
            ]),
            RuleExample("An Interactor imports Foundation only", path: "Home/HomeInteractor.swift", """
                import Foundation

                final class HomeInteractor {
                    func load() -> Date { Date() }
                }
                """),
            RuleExample("A View imports UIKit", files: [
                ("Home/HomePresenter.swift", "final class HomePresenter {}\n"),
                ("Home/HomeViewController.swift", "import UIKit\n\nfinal class HomeViewController: UIViewController {}\n"),
            ]),
            RuleExample("A project type whose name looks like a UIKit type is not UIKit", files: [
                ("Home/UIState.swift", "struct UIState {}\n"),
                ("Home/HomePresenter.swift", """
                    final class HomePresenter {
                        var state = UIState()
                    }
                    """),
            ]),
            RuleExample("A Router imports UIKit to navigate", path: "Home/HomeRouter.swift", """
                import UIKit

                final class HomeRouter {
                    weak var viewController: UIViewController?
                }
                """),
            RuleExample("A Presenter's preview imports SwiftUI inside `#if DEBUG`: debug-only code the shipped app has not", files: [
                ("Home/HomeInteractor.swift", "final class HomeInteractor {}\n"),
                ("Home/HomePresenter.swift", """
                    final class HomePresenter {}

                    #if canImport(SwiftUI) && DEBUG
                    import SwiftUI
                    struct HomePresenterPreview: PreviewProvider {
                        static var previews: some View { Text("Home") }
                    }
                    #endif
                    """),
            ]),
        ]
    )
}
