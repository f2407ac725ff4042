#!/usr/bin/env python3
"""Writes a VIPER-shaped Swift project of N modules (6 files each) for the benchmark.

Every module has a view controller, a presenter, an interactor, a router, a contracts file and
an entity; every tenth module has planted violations, and modules reference their
neighbours' builders, so the cost of cross-module rules grows with the project.
Usage: generate_viper_project.py OUTPUT_DIR MODULES [INTERACTOR_LINES] [--cells N]
With INTERACTOR_LINES, each interactor file grows to about that many lines of ordinary methods
(loops, branches, closures, calls): few large files, for the memory benchmark.
With --cells N, every module also has N table cells that each hold the module's interactor (a View
naming an Interactor, one finding each), and every fifth module reaches into its neighbour's
interactor: many findings over many modules, for the dashboard's browser check.
"""
import argparse
import os

CONTRACTS = """import Foundation

protocol {m}ViewInput: AnyObject {{
    func show(_ rows: [{m}ViewModel])
}}

protocol {m}ViewOutput: AnyObject {{
    func viewDidLoad()
    func didSelect(index: Int)
}}

protocol {m}InteractorInput: AnyObject {{
    func load()
}}

protocol {m}InteractorOutput: AnyObject {{
    func didLoad(_ items: [{m}Item])
}}

protocol {m}RouterInput: AnyObject {{
    func openNext(id: Int)
}}

struct {m}ViewModel: Equatable {{
    let title: String
    let subtitle: String
}}
"""

VIEW = """import UIKit

final class {m}ViewController: UITableViewController, {m}ViewInput {{
    var output: {m}ViewOutput?
    private var rows: [{m}ViewModel] = []
{violation}
    override func viewDidLoad() {{
        super.viewDidLoad()
        output?.viewDidLoad()
    }}

    func show(_ rows: [{m}ViewModel]) {{
        self.rows = rows
        tableView.reloadData()
    }}

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {{
        rows.count
    }}

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {{
        output?.didSelect(index: indexPath.row)
    }}
}}
"""

PRESENTER = """import Foundation

final class {m}Presenter: {m}ViewOutput, {m}InteractorOutput {{
    weak var view: {m}ViewInput?
    var interactor: {m}InteractorInput?
    var router: {m}RouterInput?
    private var items: [{m}Item] = []

    func viewDidLoad() {{
        interactor?.load()
    }}

    func didSelect(index: Int) {{
        guard items.indices.contains(index) else {{ return }}
        router?.openNext(id: items[index].id)
    }}

    func didLoad(_ items: [{m}Item]) {{
        self.items = items
        view?.show(items.map {{ {m}ViewModel(title: $0.name, subtitle: "\\($0.count) items") }})
    }}
}}
"""

INTERACTOR = """import Foundation
{imports}
final class {m}Interactor: {m}InteractorInput {{
    {ownership}var output: {m}InteractorOutput?
    private let service: ItemServiceProtocol

    init(service: ItemServiceProtocol) {{
        self.service = service
    }}

    func load() {{
        service.items {{ [weak self] items in
            let filtered = items.filter {{ $0.count > 0 }}.map {{ {m}Item(id: $0.id, name: $0.name, count: $0.count) }}
            self?.output?.didLoad(filtered)
        }}
    }}
}}
"""

ROUTER = """import UIKit

final class {m}Router: {m}RouterInput {{
    weak var viewController: UIViewController?

    static func createModule(service: ItemServiceProtocol) -> UIViewController {{
        let view = {m}ViewController()
        let presenter = {m}Presenter()
        let interactor = {m}Interactor(service: service)
        let router = {m}Router()
        view.output = presenter
        presenter.view = view
        presenter.interactor = interactor
        presenter.router = router
        interactor.output = presenter
        router.viewController = view
        return view
    }}

    func openNext(id: Int) {{
        let next = {next}Router.createModule(service: ItemService())
        viewController?.navigationController?.pushViewController(next, animated: true)
    }}
}}
"""

ENTITY = """import Foundation

struct {m}Item: Codable, Equatable {{
    let id: Int
    let name: String
    let count: Int
}}
"""

SERVICE = """import Foundation

protocol ItemServiceProtocol {
    func items(completion: @escaping ([SharedItem]) -> Void)
}

struct SharedItem: Codable {
    let id: Int
    let name: String
    let count: Int
}

final class ItemService: ItemServiceProtocol {
    func items(completion: @escaping ([SharedItem]) -> Void) {
        URLSession.shared.dataTask(with: URL(string: "https://example.invalid/items")!) { data, _, _ in
            completion((try? JSONDecoder().decode([SharedItem].self, from: data ?? Data())) ?? [])
        }.resume()
    }
}
"""


FILLER = """
    func step{k}(_ items: [{m}Item]) -> Int {{
        var total = 0
        for item in items where item.count > {k} {{
            if item.name.isEmpty {{ continue }}
            total += item.count * {k}
        }}
        let names = items.map {{ $0.name }}.filter {{ !$0.isEmpty }}
        return total + names.count
    }}
"""


def filler(m, lines):
    if lines <= 0:
        return ""
    methods = max(1, lines // FILLER.count("\n"))
    return "\nextension " + m + "Interactor {" + "".join(FILLER.format(m=m, k=k) for k in range(methods)) + "}\n"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


CELL = """import UIKit

final class {m}Cell{k}: UITableViewCell {{
    var interactor: {m}Interactor?
}}
"""

REACH = """import Foundation

extension {m}Presenter {{
    func peek(_ other: {next}Interactor) {{
        other.load()
    }}
}}
"""


def main(output, modules, interactor_lines=0, cells=0):
    # With cells, the rules that report them are on (their defaults are off).
    rules = ', "rules": { "layer-dependency": "warning", "cross-module-reference": "error", "module-cycle": "error" }' if cells else ""
    write(os.path.join(output, ".viperlint.json"), '{ "version": 1' + rules + ' }\n')
    write(os.path.join(output, "Services", "ItemService.swift"), SERVICE)
    for index in range(modules):
        m = f"Feature{index:05d}"
        nxt = f"Feature{(index + 1) % modules:05d}"
        planted = index % 10 == 0
        folder = os.path.join(output, "Modules", m)
        write(os.path.join(folder, f"{m}Contracts.swift"), CONTRACTS.format(m=m))
        write(os.path.join(folder, f"{m}ViewController.swift"),
              VIEW.format(m=m, violation=f"    var cached: [{m}Item] = []\n" if planted else ""))
        write(os.path.join(folder, f"{m}Presenter.swift"), PRESENTER.format(m=m))
        write(os.path.join(folder, f"{m}Interactor.swift"),
              INTERACTOR.format(m=m, imports="import UIKit\n" if planted else "", ownership="" if planted else "weak ")
              + filler(m, interactor_lines))
        write(os.path.join(folder, f"{m}Router.swift"), ROUTER.format(m=m, next=nxt))
        write(os.path.join(folder, f"{m}Item.swift"), ENTITY.format(m=m))
        for k in range(cells):
            write(os.path.join(folder, "Cells", f"{m}Cell{k}.swift"), CELL.format(m=m, k=k))
        if cells and index % 5 == 0:
            write(os.path.join(folder, f"{m}Presenter+Peek.swift"), REACH.format(m=m, next=nxt))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Writes a generated VIPER project.")
    parser.add_argument("output")
    parser.add_argument("modules", type=int)
    parser.add_argument("interactor_lines", type=int, nargs="?", default=0)
    parser.add_argument("--cells", type=int, default=0, help="table cells naming the entity, per module")
    arguments = parser.parse_args()
    main(arguments.output, arguments.modules, arguments.interactor_lines, arguments.cells)
