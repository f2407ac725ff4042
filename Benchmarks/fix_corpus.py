#!/usr/bin/env python3
"""`viperlint fix` on a copy of every real-world corpus app, checked as issue 31 asks.

    python3 Benchmarks/fix_corpus.py CORPUS_DIR [--work DIR] [--edits FILE]

For each app (the shared/DEVCORPUS.md apps checked out as OWNER+NAME): copies it into a fresh
git repository under --work, lints it (JSON), runs `viperlint fix`, lints again, runs `fix` a
second time, and prints per app: findings fixed, findings left for a person (by rule), whether
every changed file parses, whether a finding the fix claimed is still reported, and whether the
second run changed anything. --edits writes every edit (app, file, the diff hunk) as JSON lines,
for review (Benchmarks/realworld/fix-review.jsonl holds the reviewed sample).
Nothing here is a test: it measures, on code that is not ours and never enters the repository.
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "viperlint")


def git(folder, *arguments):
    return subprocess.run(["git", "-c", "user.name=fix", "-c", "user.email=fix@example.invalid", *arguments], cwd=folder,
                          check=True, capture_output=True, text=True).stdout


def lint(folder, report):
    subprocess.run([BINARY, "lint", folder, "--quiet", "--no-cache", "--report", f"json:{report}"], capture_output=True)
    with open(report) as handle:
        return json.load(handle)


def fix(folder):
    run = subprocess.run([BINARY, "fix", folder, "--no-cache"], capture_output=True, text=True)
    return run.returncode, run.stdout


def hunks(diff):
    """(file, hunk text) for every hunk of a `git diff`."""
    current, lines, out = None, [], []
    for line in diff.splitlines():
        if line.startswith("diff --git"):
            if lines: out.append((current, "\n".join(lines)))
            current, lines = line.split(" b/", 1)[1], []
        elif line.startswith("@@"):
            if lines: out.append((current, "\n".join(lines)))
            lines = [line]
        elif lines:
            lines.append(line)
    if lines: out.append((current, "\n".join(lines)))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus")
    parser.add_argument("--work", default="/tmp/viperlint-fix-corpus")
    parser.add_argument("--edits", help="write every edit hunk here as JSON lines")
    parser.add_argument("--viperlint", help="the viperlint binary (default: the release build)")
    options = parser.parse_args()
    global BINARY
    BINARY = options.viperlint or BINARY
    shutil.rmtree(options.work, ignore_errors=True)
    os.makedirs(options.work)
    edits = []
    totals = collections.Counter()
    print(f"{'app':<40}{'fixed':>7}{'person':>8}{'files':>7}  parses  claimed-left  idempotent")
    for name in sorted(os.listdir(options.corpus)):
        source = os.path.join(options.corpus, name)
        if not os.path.isdir(source):
            continue
        folder = os.path.join(options.work, name)
        shutil.copytree(source, folder, symlinks=True, ignore=shutil.ignore_patterns(".git"))
        git(folder, "init", "-q")
        git(folder, "add", "-A")
        git(folder, "commit", "-q", "--no-verify", "-m", "copy")
        _, output = fix(folder)
        fixed = [line for line in output.splitlines() if ": fixed [" in line]
        person = collections.Counter(line.split("needs a person [", 1)[1].split("]", 1)[0]
                                     for line in output.splitlines() if "needs a person [" in line)
        changed = [path for path in git(folder, "diff", "--name-only").splitlines() if path]
        after = lint(folder, os.path.join(options.work, name + ".after.json"))
        broken = sorted({entry["file"] for entry in after.get("parseErrors", [])} & set(changed))
        # A claimed fix still reported: same rule, file and declaration (lines move when an import goes).
        claimed = set()
        for line in fixed:
            location, rest = line.split(": fixed [", 1)
            claimed.add((rest.split("]", 1)[0], location.rsplit(":", 2)[0]))
        left = [v for v in after["violations"] if (v["rule"], v["file"]) in claimed and v.get("messageID") in (
            "forbidden-import.framework-import", "state-write-access.writable-state", "weak-back-reference.strong-back-reference")]
        diff_before = git(folder, "diff")
        fix(folder)
        idempotent = git(folder, "diff") == diff_before
        for file, hunk in hunks(diff_before):
            edits.append({"app": name, "file": file, "hunk": hunk})
        totals["fixed"] += len(fixed)
        totals["person"] += sum(person.values())
        totals["files"] += len(changed)
        print(f"{name[:39]:<40}{len(fixed):>7}{sum(person.values()):>8}{len(changed):>7}  {'yes' if not broken else 'NO ' + str(broken):<6}  "
              f"{len(left):>12}  {'yes' if idempotent else 'NO'}")
        for rule, count in sorted(person.items()):
            print(f"{'':<42}{rule}: {count} need a person")
    print(f"{'total':<40}{totals['fixed']:>7}{totals['person']:>8}{totals['files']:>7}")
    if options.edits:
        with open(options.edits, "w") as handle:
            for edit in edits:
                handle.write(json.dumps(edit) + "\n")
        print(f"{len(edits)} edit hunks written to {options.edits}")


if __name__ == "__main__":
    sys.exit(main())
