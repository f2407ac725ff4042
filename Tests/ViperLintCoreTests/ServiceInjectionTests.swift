import Foundation
import Testing
@testable import ViperLintCore

/// `service-injection` on services that call each other: a cycle and a long chain of types.
@Suite struct ServiceInjectionTests {
    /// Two services whose singletons call each other, one writing `UserDefaults`: an Interactor
    /// calling either is found, and a run of one Interactor's file says what the full run says,
    /// whichever service is worked out first.
    @Test func servicesCallingEachOtherAreFoundTheSameInAScopedRun() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try CLI.write([
            ".viperlint.json": "{ \"version\": 1, \"extends\": \"viper\" }\n",
            "Services/Archive.swift": """
                import Foundation

                final class Archive {
                    static let shared = Archive()
                    func store(_ value: Int) { Ledger.shared.note(value) }
                    func write(_ value: Int) { UserDefaults.standard.set(value, forKey: "last") }
                }
                """,
            "Services/Ledger.swift": """
                final class Ledger {
                    static let shared = Ledger()
                    func note(_ value: Int) { Archive.shared.write(value) }
                }
                """,
            "Save/SavePresenter.swift": "final class SavePresenter {}\n",
            "Save/SaveInteractor.swift": "final class SaveInteractor {\n    func save(_ value: Int) {\n        Ledger.shared.note(value)\n    }\n}\n",
            "Keep/KeepPresenter.swift": "final class KeepPresenter {}\n",
            "Keep/KeepInteractor.swift": "final class KeepInteractor {\n    func keep(_ value: Int) {\n        Archive.shared.store(value)\n    }\n}\n",
        ], into: folder)
        func messages(_ paths: [String]) throws -> [String] {
            let run = try CLI.run(["lint", "--no-cache", "--report", "json"] + paths, in: folder)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            return (report["violations"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == ServiceInjectionRule.id }
                .compactMap { "\($0["file"] ?? ""): \($0["message"] ?? "")" }
        }
        let full = try messages(["."])
        #expect(full.count == 2, "\(full)")
        #expect(full.contains { $0.hasPrefix("Save/SaveInteractor.swift: ") && $0.contains("'Ledger.shared.note'") })
        #expect(full.contains { $0.hasPrefix("Keep/KeepInteractor.swift: ") && $0.contains("'Archive.shared.store'") })
        #expect(try messages(["Save/SaveInteractor.swift"]) == full.filter { $0.hasPrefix("Save/") })
        #expect(try messages(["Keep/KeepInteractor.swift"]) == full.filter { $0.hasPrefix("Keep/") })
    }

    /// Thousands of types each calling the next: followed to the end without exhausting the
    /// stack, and the same twice.
    @Test func aLongChainOfServicesEndsQuietly() throws {
        let count = 3_000
        var files: [(path: String, source: String)] = (0..<count).map { index in
            let next = index + 1 < count ? "Step\(index + 1).run()" : "UserDefaults.standard.set(1, forKey: \"k\")"
            return ("Services/Step\(index).swift", "import Foundation\n\nenum Step\(index) {\n    static func run() { \(next) }\n}\n")
        }
        files += [("Chain/ChainPresenter.swift", "final class ChainPresenter {}\n"),
                  ("Chain/ChainInteractor.swift", "final class ChainInteractor {\n    func go() {\n        Step0.run()\n        Step\(count - 2).run()\n    }\n}\n")]
        let first = try TestProject.lint(files).violations.filter { $0.rule == ServiceInjectionRule.id }
        let second = try TestProject.lint(files).violations.filter { $0.rule == ServiceInjectionRule.id }
        // The service two steps from the storage call is found, and so is the one thousands away.
        #expect(first.map(\.message).contains { $0.contains("'Step\(count - 2).run'") })
        #expect(first.map(\.message).contains { $0.contains("'Step0.run'") })
        #expect(first == second)
    }

    static let store = """
        import Foundation

        protocol Resettable { func reset() }
        protocol FolderStoring { func save(_ names: [String]) }
        protocol FolderCaching: FolderStoring {}
        typealias FolderStorage = FolderStoring

        final class FolderStore: FolderCaching, Resettable {
            func save(_ names: [String]) { UserDefaults.standard.set(names, forKey: "folders") }
            func reset() {}
        }

        final class KeychainHelper {
            static func read(_ key: String) -> Data? { SecItemCopyMatching([:] as CFDictionary, nil); return nil }
        }
        """

    func findings(_ interactor: String) throws -> [Violation] {
        try TestProject.lint([("Services/FolderStore.swift", Self.store), ("Folders/FoldersPresenter.swift", "final class FoldersPresenter {}\n"),
                              ("Folders/FoldersInteractor.swift", interactor)]).violations.filter { $0.rule == ServiceInjectionRule.id }
    }

    /// Found by the attack on the rule: a default held through an inherited protocol or an
    /// alias of one, and a static factory of the Interactor, are injection already.
    @Test func protocolDefaultsAndStaticFactoriesAreInjection() throws {
        #expect(try findings("""
            final class FoldersInteractor {
                private let store: FolderStorage
                private lazy var cache: FolderStoring = FolderStore()
                init(store: FolderStorage = FolderStore()) { self.store = store }
                func rename(_ names: [String]) { store.save(names); cache.save(names) }
            }

            extension FoldersInteractor {
                static func makeFresh() -> FoldersInteractor { FoldersInteractor(store: FolderStore()) }
            }
            """).isEmpty)
    }

    /// An initializer taking the protocol excuses the default in the initializer, not a store
    /// a method creates; the fix names a protocol that declares what is called, and a class
    /// reached through a static member has no instance to pass.
    @Test func aMethodCreatingAStoreIsFoundWithAFixThatCompiles() throws {
        let found = try findings("""
            import Foundation

            final class FoldersInteractor {
                private let store: FolderStoring
                init(store: FolderStoring) { self.store = store }
                func rename(_ names: [String]) {
                    FolderStore().save(names)
                    _ = KeychainHelper.read("token")
                }
            }
            """)
        #expect(found.count == 2)
        let created = try #require(found.first { $0.message.contains("creates the storage service 'FolderStore'") })
        #expect(created.message.contains("Hold it through 'FolderStoring', which 'FolderStore' conforms to"))
        #expect(!created.message.contains("Resettable"))
        let helper = try #require(found.first { $0.message.contains("'KeychainHelper.read'") })
        #expect(helper.message.contains("implement it with a type that calls 'KeychainHelper'"))
    }

    /// A protocol with associated types cannot type the property the fix asks for: the fix
    /// declares a protocol instead (seen on a real app's `NetworkServiceProtocol`).
    @Test func theFixNeverNamesAProtocolWithAssociatedTypes() throws {
        let found = try TestProject.lint([
            ("Services/NetworkService.swift", """
                import Foundation

                protocol NetworkServiceProtocol: AnyObject {
                    associatedtype Endpoint
                    func request(_ endpoint: Endpoint)
                }

                final class NetworkService: NetworkServiceProtocol {
                    func request(_ endpoint: URL) { URLSession.shared.dataTask(with: endpoint).resume() }
                }
                """),
            ("Feed/FeedPresenter.swift", "final class FeedPresenter {}\n"),
            ("Feed/FeedInteractor.swift", "import Foundation\n\nfinal class FeedInteractor {\n    var api: NetworkService!\n    func load(_ url: URL) { api.request(url) }\n}\n"),
        ]).violations.filter { $0.rule == ServiceInjectionRule.id }
        let finding = try #require(found.first)
        #expect(finding.message.contains("Declare a protocol with what the Interactor uses, make 'NetworkService' conform"))
        #expect(!finding.message.contains("Hold it through 'NetworkServiceProtocol'"))
    }
}
