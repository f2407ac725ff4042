/// `entity-mutation`: a Presenter, View or ViewModel changes entity data.
public struct EntityMutationRule: Rule, Equatable {
    public static let id = "entity-mutation"
    public static let summary = "A Presenter or View changes entity data instead of asking the Interactor"
    public static let judgesFilesAlone = true
    public static let defaultSeverity = Severity.off
    public static let measured = "off: not measured on a first look"
    public static let rationale = """
        The Presenter formats what the Interactor hands it and the View shows it; changing \
        data is a use case, the Interactor's job. A Presenter that writes `user.name = newName` \
        or toggles `items[i].isDone` on entities it received changes data behind the \
        Interactor's back: the change is never saved, validated or seen by other screens, and \
        no test of the Interactor covers it. Writes through stored properties and parameters \
        typed as entities are reported, one finding per function and value.
        Fix: send the change to the Interactor (`interactor.rename(to:)`, \
        `interactor.toggleDone(id:)`) and present what it returns.
        """

    /// Layers that must not change entity data.
    public var layers: [Layer] = [.presenter, .view, .viewModel]
    /// Methods that change the value they are called on (`isDone.toggle()`, `tags.append(x)`).
    public var mutatingFunctions = ["toggle", "append", "insert", "remove", "removeAll", "removeFirst", "removeLast",
                                    "sort", "reverse", "shuffle"]

    public static let options: [RuleOption<EntityMutationRule>] = [
        .layers("layers", \.layers),
        .strings("mutatingFunctions", \.mutatingFunctions),
    ]

    public init() {}

    public func check(_ context: RuleContext) -> [Violation] {
        let queries = context.queries
        // "Ask the Interactor" needs one: a screen without an Interactor edits its own input.
        let modulesWithInteractor = Set(context.index.symbols.compactMap { $0.layer.layer == .interactor ? $0.module.module : nil })
        var violations: [Violation] = []
        var reported = Set<String>()
        func report(_ file: Int, _ location: CodeLocation, chain: [String], change: String) {
            guard let layer = queries.layer(at: location, inFile: file), layers.contains(layer),
                  let module = queries.classification(of: location, inFile: file).module, modulesWithInteractor.contains(module),
                  !isCreatedHere(chain[0], at: location, inFile: file, context: context),
                  let data = queries.entityData(among: [chain[0]], at: location, inFile: file),
                  reported.insert("\(file):\(location.context ?? -1):\(location.member ?? ""):\(data.name)").inserted,
                  let violation = context.violation("entity-changed", file: file, at: location, message: { subject, _ in
                      "\(subject) changes entity '\(data.entity.name)' (\(change)); only the Interactor changes data. "
                          + "Send the change to the Interactor (e.g. 'interactor.update(...)') and present what it returns."
                  }) else { return }
            violations.append(violation)
        }
        for (fileIndex, file) in context.index.files.enumerated() where context.checks(file: fileIndex) {
            // Facts are in source order, so the first change in a function is the one reported.
            var changes: [(location: CodeLocation, chain: [String], change: String)] = []
            for assignment in file.facts.assignments {
                changes.append((assignment.location, assignment.target, "writes '\(assignment.target.joined(separator: "."))'"))
            }
            for call in file.facts.calls where call.chain.count >= 3 && mutatingFunctions.contains(call.name) {
                changes.append((call.location, call.chain, "'\(call.text)()'"))
            }
            for change in changes.sorted(by: { $0.location.position < $1.location.position }) {
                report(fileIndex, change.location, chain: change.chain, change: change.change)
            }
        }
        return violations
    }

    /// A stored property whose value the type creates itself (`var placeholder = Folder()`) is
    /// its own scratch value, not data it received; an empty list (`[Item]()`) is filled later.
    private func isCreatedHere(_ name: String, at location: CodeLocation, inFile file: Int, context: RuleContext) -> Bool {
        guard let owner = context.index.owner(ofDeclaration: location.context, inFile: file),
              let stored = context.index.storedProperties(of: owner).first(where: { $0.property.name == name }) else { return false }
        let created = stored.property.initializerTypeNames
        return stored.property.typeNames.isEmpty && !created.isEmpty && created.first != "Array"
    }

    public static let examples = RuleExamples(
        triggering: [
            RuleExample("A Presenter renames the user it received", files: [
                ("Entities/User.swift", "struct User {\n    var name: String\n}\n"),
                ("Profile/ProfileInteractor.swift", "final class ProfileInteractor {}\n"),
                ("Profile/ProfilePresenter.swift", """
                    final class ProfilePresenter {
                        private var user: User?

                        func didLoad(_ loaded: User) {
                            user = loaded
                        }

                        func didEdit(name: String) {
                            ↓user?.name = name
                            user?.name += "!"
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter toggles a flag of an entity in its list", files: [
                ("Entities/TodoItem.swift", "struct TodoItem {\n    var isDone: Bool\n}\n"),
                ("Todo/TodoInteractor.swift", "final class TodoInteractor {}\n"),
                ("Todo/TodoPresenter.swift", """
                    final class TodoPresenter {
                        private var items: [TodoItem] = []

                        func didTapCheckbox(at index: Int) {
                            ↓items[index].isDone.toggle()
                        }
                    }
                    """),
            ]),
            RuleExample("A View changes an entity object passed to it", files: [
                ("Entities/Account.swift", "final class Account {\n    var tags: [String] = []\n}\n"),
                ("Account/AccountInteractor.swift", "final class AccountInteractor {}\n"),
                ("Account/AccountPresenter.swift", "final class AccountPresenter {}\n"),
                ("Account/AccountViewController.swift", """
                    final class AccountViewController {
                        func add(tag: String, to account: Account) {
                            ↓account.tags.append(tag)
                        }
                    }
                    """),
            ]),
        ],
        nonTriggering: [
            RuleExample("The Interactor changes the entity; the Presenter formats it", files: [
                ("Entities/User.swift", "struct User {\n    var name: String\n}\n"),
                ("Profile/ProfileInteractor.swift", """
                    final class ProfileInteractor {
                        private var user = User(name: "")

                        func rename(to name: String) -> User {
                            user.name = name
                            return user
                        }
                    }
                    """),
                ("Profile/ProfilePresenter.swift", """
                    final class ProfilePresenter {
                        var title = ""

                        func present(_ user: User) {
                            title = user.name.uppercased()
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter replaces its list of entities and edits its own view state", files: [
                ("Entities/TodoItem.swift", "struct TodoItem {\n    var isDone: Bool\n}\n"),
                ("Todo/TodoInteractor.swift", "final class TodoInteractor {}\n"),
                ("Todo/TodoViewState.swift", "struct TodoViewState {\n    var rows: [String] = []\n}\n"),
                ("Todo/TodoPresenter.swift", """
                    final class TodoPresenter {
                        private var items: [TodoItem] = []
                        private var state = TodoViewState()

                        func didLoad(_ loaded: [TodoItem]) {
                            items = loaded
                            items.append(contentsOf: loaded)
                            state.rows = loaded.map { $0.isDone ? "done" : "open" }
                        }
                    }
                    """),
            ]),
            RuleExample("A Presenter fills in a placeholder it created; a screen without an Interactor edits its input", files: [
                ("Entities/Folder.swift", "final class Folder {\n    var name = \"\"\n}\n"),
                ("Folders/FoldersInteractor.swift", "final class FoldersInteractor {}\n"),
                ("Folders/FoldersPresenter.swift", """
                    final class FoldersPresenter {
                        private var addItem = Folder()

                        func viewIsReady() {
                            addItem.name = "Add folder"
                        }
                    }
                    """),
                ("Filter/FilterRouter.swift", "final class FilterRouter {}\n"),
                ("Filter/FilterPresenter.swift", """
                    final class FilterPresenter {
                        private var folder: Folder

                        init(folder: Folder) {
                            self.folder = folder
                        }

                        func rename(to name: String) {
                            folder.name = name
                        }
                    }
                    """),
            ]),
            RuleExample("A Router configures the next module's entity input (builders are not checked)", files: [
                ("Entities/User.swift", "struct User {\n    var name: String\n}\n"),
                ("Profile/ProfileInteractor.swift", "final class ProfileInteractor {}\n"),
                ("Profile/ProfileRouter.swift", """
                    final class ProfileRouter {
                        func openEditor(for user: User) {
                            var draft = user
                            draft.name = ""
                            _ = draft
                        }
                    }
                    """),
            ]),
        ]
    )
}
