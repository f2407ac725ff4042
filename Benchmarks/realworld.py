#!/usr/bin/env python3
"""Real-world precision of viperlint: lint the corpus apps as a new user would, compare the
findings with the reviewed verdicts, print precision per rule and per app.

    python3 Benchmarks/realworld.py CORPUS_DIR                 # lint every app, print the tables
    python3 Benchmarks/realworld.py CORPUS_DIR --sample 60 --seed 14 > batch.jsonl
                                                               # unreviewed findings to review next

CORPUS_DIR holds the apps of Benchmarks/realworld/corpus.json checked out as OWNER+NAME at
their commits (docs/accuracy.md). Each app is linted with the configuration `viperlint init`
writes for it (written to the output folder, never into the app) and `--no-cache`.

The verdict file (Benchmarks/realworld/verdicts.jsonl) holds one reviewed finding per line:
    {"repo", "commit", "path", "line", "rule", "symbol", "verdict": "right|wrong|debatable",
     "kind": "false-alarm kind or why right", "reason", "repeats": true when another finding
     of the same report already states the same problem}
A verdict matches a finding on repo, path, line, rule and symbol (or repo, path, line and
rule when that is unique). Precision = right / (right + wrong); "overall" weights each rule's
precision by its number of findings (a stratified estimate), over the rules with verdicts.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CORPUS = os.path.join(HERE, "realworld", "corpus.json")
VERDICTS = os.path.join(HERE, "realworld", "verdicts.jsonl")
LABELS = os.path.join(HERE, "realworld", "labels.jsonl")
CLEAN = os.path.join(HERE, "realworld", "clean.jsonl")
LABELLED_MODULES = os.path.join(HERE, "realworld", "labelled-modules.jsonl")
# Modules the reviewers found not to be VIPER (legacy MVP or MVC screens, templates): out of
# scope by design, so their labels are not counted.
# Modules the reviewers found not VIPER, and files no build target compiles (dead code that
# viperlint skips and lists as skipped): their labels are not counted.
OUT_OF_SCOPE_ARCHITECTURES = ("MVP", "MVC", "MVVM", "template", "not compiled")
# A label is found when a finding of its rule is this many lines from it, or one of the
# finding's other sites (related locations) is.
LINE_SLACK = 2


def folder_name(repo):
    return repo.replace("/", "+")


def head_commit(path):
    try:
        return subprocess.run(["git", "-C", path, "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (subprocess.CalledProcessError, FileNotFoundError):
        return None


def rules_on_by_default(viperlint):
    listing = subprocess.run([viperlint, "rules"], capture_output=True, text=True, check=True).stdout
    return {line.split()[0] for line in listing.splitlines() if len(line.split()) > 1 and line.split()[1] in ("error", "warning")}


def rules_off_by_default(viperlint):
    """Rule ids the built-in defaults turn off (from `viperlint rules`: id, severity, summary)."""
    listing = subprocess.run([viperlint, "rules"], capture_output=True, text=True, check=True).stdout
    return [line.split()[0] for line in listing.splitlines() if len(line.split()) > 1 and line.split()[1] == "off"]


def lint_app(viperlint, app, corpus_dir, out_dir, enable=()):
    """Runs init then lint on one app; returns (findings, summary) or raises with the reason."""
    source = os.path.join(corpus_dir, folder_name(app["repo"]))
    if not os.path.isdir(source):
        raise RuntimeError(f"missing: {source}")
    commit = head_commit(source)
    if commit and commit != app["commit"]:
        print(f"warning: {app['repo']} is at {commit[:10]}, the corpus pins {app['commit'][:10]}", file=sys.stderr)
    work = os.path.join(out_dir, folder_name(app["repo"]))
    os.makedirs(work, exist_ok=True)
    config = os.path.join(work, "viperlint.json")
    report = os.path.join(work, "report.json")
    init = subprocess.run([viperlint, "init", source, "--output", config, "--force"], capture_output=True, text=True)
    if init.returncode != 0:
        raise RuntimeError(f"init failed ({init.returncode}): {init.stderr.strip()}")
    with open(os.path.join(work, "init.txt"), "w") as handle:
        handle.write(init.stderr)
    if enable:
        with open(config) as handle:
            written = json.load(handle)
        written.setdefault("rules", {}).update({rule: "warning" for rule in enable})
        with open(config, "w") as handle:
            json.dump(written, handle, indent=2)
    started = time.monotonic()
    lint = subprocess.run([viperlint, "lint", source, "--config", config, "--no-cache", "--quiet",
                           "--report", f"json:{report}"], capture_output=True, text=True)
    elapsed = time.monotonic() - started
    if lint.returncode not in (0, 1):
        raise RuntimeError(f"lint failed ({lint.returncode}): {lint.stderr.strip()[:500]}")
    with open(report) as handle:
        data = json.load(handle)
    preset = next((line.split(": ", 1)[1] for line in init.stderr.splitlines() if line.startswith("chosen preset: ")), "?")
    findings = []
    for violation in data.get("violations", []):
        findings.append({
            "repo": app["repo"], "commit": app["commit"], "path": violation["file"], "line": violation["line"],
            "rule": violation["rule"], "symbol": violation.get("symbol"), "severity": violation["severity"],
            "module": violation.get("module"), "layer": violation.get("layer"), "message": violation["message"],
            "target_layer": (violation.get("target") or {}).get("layer"),
            # Other sites of the same problem (a type's further uses), not the target's declaration.
            "related": [[place["file"], place["line"]] for place in violation.get("related", [])
                        if not place.get("message", "").endswith("is declared here")],
        })
    return findings, {"preset": preset, "seconds": elapsed, "files": data.get("summary", {}).get("files")}


def load_verdicts(path):
    verdicts = []
    if not os.path.exists(path):
        return verdicts
    with open(path) as handle:
        for number, line in enumerate(handle, 1):
            line = line.strip()
            if not line:
                continue
            try:
                verdict = json.loads(line)
            except json.JSONDecodeError as error:
                sys.exit(f"{path}:{number}: not JSON: {error}")
            if verdict.get("verdict") not in ("right", "wrong", "debatable"):
                sys.exit(f"{path}:{number}: verdict must be right, wrong or debatable")
            verdicts.append(verdict)
    return verdicts


def match(findings, verdicts):
    """Pairs findings with verdicts; returns (verdict per finding index, verdicts whose finding is gone)."""
    exact = defaultdict(list)
    loose = defaultdict(list)
    for index, finding in enumerate(findings):
        exact[(finding["repo"], finding["path"], finding["line"], finding["rule"], finding["symbol"])].append(index)
        loose[(finding["repo"], finding["path"], finding["line"], finding["rule"])].append(index)
    matched = {}
    stale = []
    for verdict in verdicts:
        key = (verdict["repo"], verdict["path"], verdict["line"], verdict["rule"])
        candidates = exact.get(key + (verdict.get("symbol"),)) or (loose.get(key) if len(loose.get(key, [])) == 1 else None)
        free = [index for index in candidates or [] if index not in matched]
        if free:
            matched[free[0]] = verdict
        else:
            stale.append(verdict)
    return matched, stale


def precision(right, wrong):
    return right / (right + wrong) if right + wrong else None


def fmt(value):
    return "-" if value is None else f"{value:.2f}"


def table(title, groups, findings, matched):
    rows = []
    for name in sorted(groups):
        indices = groups[name]
        counts = Counter(matched[i]["verdict"] for i in indices if i in matched)
        reviewed = sum(counts.values())
        rows.append((name, len(indices), reviewed, counts["right"], counts["wrong"], counts["debatable"],
                     precision(counts["right"], counts["wrong"]), len(indices) - reviewed))
    width = max([len(title)] + [len(row[0]) for row in rows])
    print(f"{title:<{width}}  findings  reviewed  right  wrong  debatable  precision  unreviewed")
    for name, total, reviewed, right, wrong, debatable, value, unreviewed in rows:
        print(f"{name:<{width}}  {total:>8}  {reviewed:>8}  {right:>5}  {wrong:>5}  {debatable:>9}  {fmt(value):>9}  {unreviewed:>10}")
    return rows


def summary(findings, matched):
    by_rule = defaultdict(list)
    by_app = defaultdict(list)
    for index, finding in enumerate(findings):
        by_rule[finding["rule"]].append(index)
        by_app[finding["repo"]].append(index)
    rule_rows = table("rule", by_rule, findings, matched)
    print()
    table("app", by_app, findings, matched)
    print()
    weighted, weight = 0.0, 0
    for _, total, _, _, _, _, value, _ in rule_rows:
        if value is not None:
            weighted += value * total
            weight += total
    reviewed = [matched[i] for i in matched]
    counts = Counter(v["verdict"] for v in reviewed)
    repeats = sum(1 for v in reviewed if v.get("repeats"))
    print(f"findings: {len(findings)}; reviewed: {len(reviewed)} "
          f"(right {counts['right']}, wrong {counts['wrong']}, debatable {counts['debatable']})")
    print(f"precision, sample: {fmt(precision(counts['right'], counts['wrong']))}; "
          f"overall, weighted by rule: {fmt(weighted / weight if weight else None)} "
          f"(rules with verdicts cover {weight} of {len(findings)} findings)")
    if reviewed:
        distinct = len(reviewed) - repeats
        print(f"findings per distinct problem (sample): {len(reviewed) / distinct:.2f}" if distinct else "")
    kinds = Counter(v.get("kind", "?") for v in reviewed if v["verdict"] == "wrong")
    if kinds:
        print("wrong findings by kind: " + ", ".join(f"{kind} {count}" for kind, count in kinds.most_common()))


def stratified_sample(findings, matched, size, seed):
    """Unreviewed findings, spread over (rule, app) strata in proportion, at least one per stratum."""
    strata = defaultdict(list)
    for index, finding in enumerate(findings):
        if index not in matched:
            strata[(finding["rule"], finding["repo"])].append(index)
    rng = random.Random(seed)
    total = sum(len(v) for v in strata.values())
    chosen = []
    for key in sorted(strata):
        members = strata[key]
        share = max(1, round(size * len(members) / total)) if total else 0
        chosen += rng.sample(members, min(share, len(members)))
    return [findings[i] for i in sorted(chosen, key=lambda i: (findings[i]["repo"], findings[i]["path"], findings[i]["line"]))]


def load_jsonl(path):
    if not os.path.exists(path):
        return []
    with open(path) as handle:
        return [json.loads(line) for line in handle if line.strip()]


# A dependency finding that names a Service from a screen's layer (a View calling the app's
# favourites manager) is the problem a `misplaced-service-call` label names at that site: the
# screen reaches the data side around its Interactor. Labellers file it under either rule.
SAME_PROBLEM_BY_TARGET = {("layer-dependency", "Service"): "misplaced-service-call"}


def sites_by_rule(findings):
    """(repo, path, rule) -> lines where a finding of that rule is reported, its own or a related site."""
    sites = defaultdict(list)
    for finding in findings:
        alias = SAME_PROBLEM_BY_TARGET.get((finding["rule"], finding.get("target_layer")))
        if alias:
            sites[(finding["repo"], finding["path"], alias)].append(finding["line"])
            for path, line in finding.get("related", []):
                sites[(finding["repo"], path, alias)].append(line)
    for finding in findings:
        sites[(finding["repo"], finding["path"], finding["rule"])].append(finding["line"])
        for path, line in finding.get("related", []):
            sites[(finding["repo"], path, finding["rule"])].append(line)
    return sites


# Rules that report a site in place of the generic dependency rules and name the same problem
# more precisely (viperlint reports one finding per site: `RuleRunner.precedence`, and
# `module-construction` for the code that builds a module): a label of the generic rule there
# is found by the specific rule's finding. Not `state-write-access`: its finding (a settable
# property) is another problem than what a dependency label on that line says.
SUPERSEDING = {
    "layer-dependency": ("misplaced-service-call", "presenter-navigation", "module-construction"),
    "concrete-dependency": ("misplaced-service-call", "presenter-navigation", "module-construction"),
    "cross-module-reference": ("misplaced-service-call", "presenter-navigation", "module-construction"),
    "dumb-view": ("misplaced-service-call",),
    "service-injection": ("concrete-dependency", "layer-dependency"),
}


def is_found(spot, rule, sites):
    """Whether a finding of `rule`, or of a rule reporting the site in its place, is within LINE_SLACK lines."""
    return any(abs(line - spot["line"]) <= LINE_SLACK
               for candidate in (rule,) + SUPERSEDING.get(rule, ())
               for line in sites.get((spot["repo"], spot["path"], candidate), []))


def out_of_scope_modules(modules):
    return {(module["repo"], module["module"]) for module in modules
            if module.get("architecture", "").startswith(OUT_OF_SCOPE_ARCHITECTURES)}


def recall_report(findings, labels, clean, verdicts, matched, apps, active_rules=None, modules=()):
    """Recall on the independent labels, false alarms on the labelled clean spots, and the
    share of the earlier `right` verdicts still reported. `active_rules`: the rules this run
    checks (the total is over their labels; the others are listed apart)."""
    repos = {app["repo"] for app in apps}
    skipped = out_of_scope_modules(modules)
    excluded = [label for label in labels if (label["repo"], label["module"]) in skipped]
    labels = [label for label in labels if label["repo"] in repos and (label["repo"], label["module"]) not in skipped]
    clean = [spot for spot in clean if spot["repo"] in repos]
    sites = sites_by_rule(findings)
    by_rule = defaultdict(lambda: [0, 0])
    for label in labels:
        by_rule[label["rule"]][0] += 1
        by_rule[label["rule"]][1] += is_found(label, label["rule"], sites)
    if labels:
        print("\nrecall on the independent labels (Benchmarks/realworld/labels.jsonl, "
              f"a finding of the rule, or of one that reports the site in its place, within {LINE_SLACK} lines)")
        width = max(len("rule"), *(len(rule) for rule in by_rule))
        print(f"{'rule':<{width}}  labels  found  recall")
        for rule in sorted(by_rule):
            total, found = by_rule[rule]
            note = "" if active_rules is None or rule in active_rules else "  (rule off in this run)"
            print(f"{rule:<{width}}  {total:>6}  {found:>5}  {found / total:>6.2f}{note}")
        counted = [v for rule, v in by_rule.items() if active_rules is None or rule in active_rules]
        total = sum(v[0] for v in counted)
        found = sum(v[1] for v in counted)
        if total:
            print(f"{'all (rules on)':<{width}}  {total:>6}  {found:>5}  {found / total:>6.2f}")
        if excluded:
            print(f"({len(excluded)} labels in modules the reviewers found not VIPER are not counted)")
    if clean:
        flagged = [spot for spot in clean if is_found(spot, spot["looks_like"], sites)]
        print(f"clean spots (look like a violation, are not): {len(clean)}; reported: {len(flagged)}")
    right = [v for v in verdicts if v["verdict"] == "right"]
    if right:
        # Still reported: the finding itself, or its site among the other sites of a finding
        # of the same rule (one finding per function lists the further uses there).
        kept = {id(v) for v in matched.values() if v["verdict"] == "right"}
        moved = [v for v in right if id(v) not in kept and v["line"] in sites.get((v["repo"], v["path"], v["rule"]), [])]
        still = len(kept) + len(moved)
        on = [v for v in right if active_rules is None or v["rule"] in active_rules]
        still_on = sum(1 for v in on if id(v) in kept) + sum(1 for v in moved if active_rules is None or v["rule"] in active_rules)
        print(f"earlier right verdicts still reported: {still} of {len(right)} ({still / len(right):.2f}; "
              f"{len(moved)} as another site of a finding); of the rules on: {still_on} of {len(on)} ({still_on / len(on):.2f})")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus_dir")
    parser.add_argument("--viperlint", default=os.path.join(ROOT, ".build", "release", "viperlint"),
                        help="the binary to run (default: .build/release/viperlint; build it with swift build -c release)")
    parser.add_argument("--verdicts", default=VERDICTS)
    parser.add_argument("--out", help="folder for configs and reports (default: a temporary folder)")
    parser.add_argument("--apps", help="comma-separated repos or parts of names to run (default: all)")
    parser.add_argument("--corpus", default=CORPUS,
                        help="the app list (default: the corpus; Benchmarks/validation/v1.json for the first-look apps)")
    parser.add_argument("--modules", default=LABELLED_MODULES, help="what each labelled module is (JSON lines)")
    parser.add_argument("--sample", type=int, help="print this many unreviewed findings (JSON lines) instead of the tables")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--findings", help="also write every finding (JSON lines) to this file")
    parser.add_argument("--all-rules", action="store_true",
                        help="also turn on the rules that are off by default (at warning), to measure them")
    parser.add_argument("--list-gone", action="store_true", help="list the verdicts whose finding disappeared")
    parser.add_argument("--labels", default=LABELS, help="independent violation labels (JSON lines)")
    parser.add_argument("--clean", default=CLEAN, help="labelled spots that look like violations but are not")
    parser.add_argument("--list-missed", action="store_true", help="list the labels no finding covers")
    args = parser.parse_args()
    if not os.access(args.viperlint, os.X_OK):
        sys.exit(f"no viperlint at {args.viperlint}: run `swift build -c release` or pass --viperlint")
    with open(args.corpus) as handle:
        apps = json.load(handle)["apps"]
    if args.apps:
        wanted = [part.strip().lower() for part in args.apps.split(",")]
        apps = [app for app in apps if any(part in app["repo"].lower() for part in wanted)]
    out_dir = args.out or tempfile.mkdtemp(prefix="viperlint-realworld-")
    findings = []
    enable = rules_off_by_default(args.viperlint) if args.all_rules else ()
    for app in apps:
        try:
            app_findings, info = lint_app(args.viperlint, app, args.corpus_dir, out_dir, enable)
        except RuntimeError as error:
            sys.exit(f"{app['repo']}: {error}")
        print(f"{app['repo']}: {len(app_findings)} findings, preset {info['preset']}, {info['seconds']:.1f} s",
              file=sys.stderr)
        findings += app_findings
    if args.findings:
        with open(args.findings, "w") as handle:
            for finding in findings:
                handle.write(json.dumps(finding, sort_keys=True) + "\n")
    verdicts = [v for v in load_verdicts(args.verdicts) if any(v["repo"] == app["repo"] for app in apps)]
    matched, stale = match(findings, verdicts)
    if args.sample:
        for finding in stratified_sample(findings, matched, args.sample, args.seed):
            print(json.dumps(finding, sort_keys=True))
        return
    summary(findings, matched)
    labels = load_jsonl(args.labels)
    active = rules_on_by_default(args.viperlint) | set(enable)
    recall_report(findings, labels, load_jsonl(args.clean), verdicts, matched, apps, active, load_jsonl(args.modules))
    if args.list_missed:
        # The labels recall counts: rules on in this run, modules the reviewers found VIPER.
        sites = sites_by_rule(findings)
        skipped = out_of_scope_modules(load_jsonl(args.modules))
        for label in labels:
            if label["rule"] not in active or (label["repo"], label["module"]) in skipped:
                continue
            if any(label["repo"] == app["repo"] for app in apps) and not is_found(label, label["rule"], sites):
                print(f"  missed {label['rule']} {label['repo']} {label['path']}:{label['line']}: {label['why']}")
    if stale:
        counts = Counter(verdict["verdict"] for verdict in stale)
        print(f"\n{len(stale)} verdicts whose finding disappeared (fixed, or moved): "
              + ", ".join(f"{name} {counts[name]}" for name in ("right", "wrong", "debatable"))
              + ("" if args.list_gone else " (--list-gone lists them)"))
        for verdict in stale if args.list_gone else []:
            print(f"  {verdict['verdict']:<9} {verdict['repo']} {verdict['path']}:{verdict['line']} {verdict['rule']}"
                  f" ({verdict.get('kind', '')})")


if __name__ == "__main__":
    main()
