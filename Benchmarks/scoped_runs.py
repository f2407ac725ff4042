#!/usr/bin/env python3
"""Runs of given files (what the pre-commit hook does) against the whole run, on the corpus.

    python3 Benchmarks/realworld.py CORPUS_DIR --all-rules --out OUT   # whole runs, kept in OUT
    python3 Benchmarks/scoped_runs.py CORPUS_DIR OUT [--files 6] [--viperlint PATH]

For each app that `realworld.py` linted into OUT (its `report.json` and `viperlint.json`), lints
some files alone, with the same configuration and no cache: files with findings, and files
that are only other sites of a finding. Each run must report exactly the whole run's findings
in its file, byte for byte in JSON. Prints each run that differs; exits 1 when one does.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def canonical(findings):
    return sorted(json.dumps(finding, sort_keys=True) for finding in findings)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", help="folder of the corpus apps (OWNER+NAME)")
    parser.add_argument("out", help="realworld.py's output folder, with each app's report and configuration")
    parser.add_argument("--files", type=int, default=6, help="files with findings per app (a third as many sites)")
    parser.add_argument("--viperlint", default=os.path.join(ROOT, ".build", "release", "viperlint"))
    options = parser.parse_args()
    differing = runs = 0
    with tempfile.TemporaryDirectory(prefix="viperlint-scoped-") as work:
        report = os.path.join(work, "report.json")
        for app in sorted(os.listdir(options.out)):
            whole_report = os.path.join(options.out, app, "report.json")
            if not os.path.exists(whole_report):
                continue
            findings = json.load(open(whole_report))["violations"]
            by_file = {}
            for finding in findings:
                by_file.setdefault(finding["file"], []).append(finding)
            sites = sorted({site["file"] for finding in findings for site in finding["related"]} - set(by_file))
            with_findings = sorted(by_file)
            random.seed(app)
            random.shuffle(with_findings)
            random.shuffle(sites)
            for path in with_findings[:options.files] + sites[:max(1, options.files // 3)]:
                command = [options.viperlint, "lint", os.path.join(options.corpus, app, path),
                           "--config", os.path.join(options.out, app, "viperlint.json"),
                           "--no-cache", "--quiet", "--report", f"json:{report}"]
                result = subprocess.run(command, capture_output=True, text=True)
                if result.returncode not in (0, 1):
                    raise SystemExit(f"{' '.join(command)} exited {result.returncode}: {result.stderr.strip()[:300]}")
                alone = json.load(open(report))["violations"]
                runs += 1
                if canonical(alone) != canonical(by_file.get(path, [])):
                    differing += 1
                    print(f"{app}: {path}: {len(alone)} findings alone, {len(by_file.get(path, []))} in the whole run")
    print(f"{runs} runs of one file, {differing} differing from the whole run")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
