import Testing
@testable import ViperLintCore

@Suite struct FactExtractorTests {
    @Test func importsIncludingSubmodulesAndEveryConditionalBranch() {
        let facts = FactExtractor.facts(path: "A.swift", source: """
            import Foundation
            import struct UIKit.UIColor
            @testable import App
            #if canImport(UIKit)
            import UIKit
            #else
            import AppKit
            #endif
            """)
        #expect(facts.imports.map(\.fullName) == ["Foundation", "UIKit.UIColor", "App", "UIKit", "AppKit"])
        #expect(facts.imports[1].module == "UIKit")
        #expect(facts.imports[4].position == SourcePosition(line: 7, column: 1))
        #expect(facts.parseError == nil)
        #expect(facts.imports.allSatisfy { !$0.debugOnly })
    }

    /// An import compiled only where the condition requires `DEBUG` (a preview's `import SwiftUI`)
    /// is debug-only; one under `!DEBUG`, `DEBUG || X`, or the `#else` of `#if DEBUG` is not.
    /// What takes the value a member read reads (issue 56: a View computing from an entity's
    /// fields): the call it is an argument of, an arithmetic operator, or its own call.
    @Test func memberReadsKnowWhatTakesTheirValue() {
        let facts = FactExtractor.facts(path: "V.swift", source: """
            import UIKit
            final class V {
                func show(_ booking: Booking) {
                    a = DateHelper.friendly(booking.date)
                    b = String(format: "%.2f", booking.fee / 100)
                    c = "Total: " + booking.title
                    d = booking.date.formatted()
                    e = booking.notes
                    f = formatter.string(from: booking.start!)
                    g = Helper.text((booking.end))
                }
            }
            """)
        let reads = Dictionary(facts.memberReads.map { ($0.chain.joined(separator: "."), $0) }, uniquingKeysWith: { first, _ in first })
        #expect(reads["booking.date"]?.consumer == "DateHelper.friendly(_:)")
        #expect(reads["booking.fee"]?.consumer == "operator /")
        #expect(reads["booking.title"] != nil && reads["booking.title"]?.consumer == nil)
        #expect(reads["booking.date.formatted"]?.isCalled == true)
        #expect(reads["booking.notes"] != nil && reads["booking.notes"]?.consumer == nil && reads["booking.notes"]?.isCalled == false)
        #expect(reads["booking.start"]?.consumer == "formatter.string(from:)")
        #expect(reads["booking.end"]?.consumer == "Helper.text(_:)")
    }

    /// Members named without their type and handed to a call (issue 56: UIKit values a Presenter
    /// builds without naming `UIColor`): the call, with its labels, and the argument's position.
    @Test func implicitMembersKnowTheParameterTheyFill() {
        let facts = FactExtractor.facts(path: "P.swift", source: """
            final class P {
                func load(isPaid: Bool) {
                    let a = Content(title: "x", color: isPaid ? .systemGreen : .systemRed, font: .systemFont(ofSize: 12))
                    view?.show(a, alignment: .leading)
                    let b: Status = .paid
                }
            }
            """)
        let found = facts.implicitMembers.map { "\($0.name) \($0.callee) \($0.argument)" }
        #expect(found == ["systemGreen Content(title:color:font:) 1", "systemRed Content(title:color:font:) 1",
                          "systemFont Content(title:color:font:) 2", "leading view.show(_:alignment:) 1"])
        #expect(facts.implicitMembers.first?.labels == ["title", "color", "font"] && facts.implicitMembers.first?.function == "Content")
    }

    @Test func importsOnlyDebugBuildsCompileAreMarked() {
        let facts = FactExtractor.facts(path: "A.swift", source: """
            #if DEBUG
            import A
            #elseif canImport(B)
            import B
            #else
            import C
            #endif
            #if canImport(SwiftUI) && DEBUG
            import D
            #endif
            #if (DEBUG) && os(iOS) && canImport(E)
            import E
            #endif
            #if !DEBUG
            import F
            #endif
            #if DEBUG || targetEnvironment(simulator)
            import G
            #endif
            #if os(iOS)
            #if DEBUG
            import H
            #endif
            import I
            #endif
            """)
        let debugOnly = facts.imports.filter(\.debugOnly).map(\.module)
        #expect(facts.imports.count == 9)
        #expect(debugOnly == ["A", "D", "E", "H"])
    }

    @Test func declarationsNestedTypesExtensionsAndProtocols() {
        let facts = FactExtractor.facts(path: "A.swift", source: """
            enum HomeModels {
                struct Request {}
            }
            @objc protocol HomeViewInput: AnyObject {}
            @MainActor final class HomePresenter: NSObject, HomeViewOutput {}
            extension HomePresenter: HomeInteractorOutput {}
            """)
        #expect(facts.types.map(\.qualifiedName) == ["HomeModels", "HomeModels.Request", "HomeViewInput", "HomePresenter", "HomePresenter"])
        #expect(facts.types.map(\.kind) == [.enum, .struct, .protocol, .class, .extension])
        #expect(facts.types[1].parent == 0)
        #expect(facts.types[2].attributes == ["objc"])
        #expect(facts.types[2].inherited == ["AnyObject"])
        #expect(facts.types[3].inherited == ["NSObject", "HomeViewOutput"])
        #expect(facts.types[3].attributes == ["MainActor"])
        #expect(facts.types[4].inherited == ["HomeInteractorOutput"])
        #expect(facts.types[3].position == SourcePosition(line: 5, column: 24))
    }

    @Test func storedPropertiesWithOwnershipAndSetterAccess() {
        let facts = FactExtractor.facts(path: "A.swift", source: """
            final class HomeInteractor {
                weak var output: HomeInteractorOutput?
                unowned let router: HomeRouterInput
                @Published private(set) var title: String = ""
                static let shared = HomeInteractor()
                var computed: Int { 1 }
                var observed: Int = 0 { didSet {} }
                func load() { var local = 1; local += 1 }
            }
            """)
        let properties = facts.types[0].properties
        #expect(properties.map(\.name) == ["output", "router", "title", "shared", "observed"])
        #expect(properties[0].ownership == .weak && properties[0].typeNames == ["HomeInteractorOutput"])
        #expect(properties[1].ownership == .unowned && properties[1].isLet)
        #expect(properties[2].setterAccess == "private" && properties[2].attributes == ["Published"])
        #expect(properties[3].isStatic)
    }

    @Test func referenceKindsPositionsAndOwners() {
        let facts = FactExtractor.facts(path: "A.swift", source: """
            final class HomeRouter: BaseRouter {
                var view: HomeViewInput?
                func make() -> [HomeViewController] {
                    let presenter = HomePresenter()
                    HomeAnalytics.shared.track()
                    _ = view as? HomeViewController
                    _ = OrderCell.Model(title: "")
                    return [Array<HomeCell>.Element]()
                }
            }
            """)
        let summary = facts.references.map { "\($0.name):\($0.kind.rawValue):\($0.position.line):\($0.member ?? "-")" }
        #expect(summary.contains("BaseRouter:conformance:1:-"))
        #expect(summary.contains("HomeViewInput:annotation:2:view"))
        #expect(summary.contains("HomeViewController:annotation:3:make"))
        #expect(summary.contains("HomePresenter:instantiation:4:make"))
        #expect(summary.contains("HomeAnalytics:staticAccess:5:make"))
        #expect(summary.contains("HomeViewController:cast:6:make"))
        #expect(summary.contains("OrderCell.Model:instantiation:7:make"))
        #expect(summary.contains("HomeCell:genericArgument:8:make"))
        // Member names are not references of their own.
        #expect(!facts.references.contains { $0.name == "Model" || $0.name == "Element" })
        #expect(facts.references.allSatisfy { $0.context == 0 })
        let presenter = facts.references.first { $0.name == "HomePresenter" }
        #expect(presenter?.position == SourcePosition(line: 4, column: 25))
    }

    @Test func genericParametersSelfAndPreviewsAreNotReferences() {
        let facts = FactExtractor.facts(path: "A.swift", source: """
            struct ListView<Item: Identifiable, Presenter>: View {
                let presenter: Presenter
                func first<Element>(_ e: Element) -> Self { self }
            }
            protocol Store { associatedtype Output; var output: Output { get } }
            struct ListView_Previews: PreviewProvider {
                static var previews: some View { ListView<Article, HomePresenter>() }
            }
            #Preview { DetailView(article: Article()) }
            """)
        let names = Set(facts.references.map(\.name))
        #expect(names == ["Identifiable", "View"])
        #expect(!facts.types.contains { $0.name == "ListView_Previews" })
    }

    /// What type inference reads: member chains, bindings, result and initializer types.
    @Test func factsForTypeInference() {
        let source = """
            import UIKit

            final class HomeView {
                var presenter = HomePresenter()
                var rows = [Row]()
                var title: String { "" }

                func item(at index: Int) -> Article? { nil }

                func render() {
                    let user = presenter.currentUser()
                    if let first = presenter.items.first { _ = first.name }
                    for item in presenter.items { _ = item.title }
                    presenter.items.forEach { entry in _ = entry.title }
                    _ = presenter.items.map { $0.title }
                    _ = user.name
                    _ = presenter.items[0].title
                }
            }
            """
        let facts = FactExtractor.facts(path: "A.swift", source: source)
        // A file that imports no UI framework declares no view: nothing to infer there.
        let nonUI = FactExtractor.facts(path: "A.swift", source: source.replacingOccurrences(of: "import UIKit", with: "import Foundation"))
        #expect(nonUI.memberReads.isEmpty && nonUI.valueBindings.isEmpty)
        let properties = facts.types[0].properties
        #expect(properties.first { $0.name == "presenter" }?.initializerTypeNames == ["HomePresenter"])
        #expect(properties.first { $0.name == "rows" }?.initializerTypeNames == ["Array", "Row"])
        #expect(facts.functions.first { $0.name == "item" }?.resultTypeNames == ["Article"])
        #expect(facts.functions.first { $0.name == "title" }?.resultTypeNames == ["String"])
        let bindings = facts.valueBindings.map { "\($0.name)=\($0.source.joined(separator: "."))\($0.endLine == nil ? "" : "…")" }
        #expect(bindings == ["user=presenter.currentUser", "first=presenter.items.first", "item=presenter.items…",
                             "entry=presenter.items…", "$0=presenter.items…"])
        let reads = Set(facts.memberReads.map { $0.chain.joined(separator: ".") })
        #expect(reads.isSuperset(of: ["first.name", "item.title", "entry.title", "$0.title", "user.name", "presenter.items.title"]))
        // Only whole chains: `presenter.items` is read once (the `for` loop's sequence), not again
        // inside `presenter.items.first`, `.forEach`, `.map` or `[0].title`.
        #expect(facts.memberReads.filter { $0.chain == ["presenter", "items"] }.count == 1)
    }

    @Test func parseErrorsNameTheFirstProblemAndFactsSurvive() {
        let facts = FactExtractor.facts(path: "A.swift", source: """
            import UIKit
            final class HomeInteractor {
                var presenter: HomePresenter?
                func load( {
            }
            """)
        #expect(facts.parseError != nil)
        #expect(facts.parseError?.position.line == 4)
        #expect(facts.imports.count == 1)
        #expect(facts.references.contains { $0.name == "HomePresenter" })
    }

    @Test func deepNestingIsAParseErrorNotACrash() {
        let depth = 5_000
        let source = "let x = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        let facts = ParallelMap.map([source], threads: 1) { FactExtractor.facts(path: "Deep.swift", source: $0) }[0]
        #expect(facts.parseError != nil)
    }
}
