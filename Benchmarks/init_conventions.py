#!/usr/bin/env python3
"""What `viperlint init` learns on real apps (issue 55): for each app, the preset it chose and
`init --explain`'s table (every arrow the preset forbids that some module takes, its count and
the decision), with a reviewer's verdict beside each allowance.

    python3 Benchmarks/init_conventions.py APPS_DIR [APPS_DIR...] [--verdicts FILE] [--viperlint PATH]

Each APPS_DIR holds apps checked out as OWNER+NAME (docs/accuracy.md). Verdicts are JSON lines
{"repo": "OWNER/NAME", "arrow": "View -> Presenter", "verdict": "right|wrong|debatable", "reason": ...}
from a reviewer who read the app: is this allowance the team's real convention? Prints Markdown:
one section per app, then the count of allowances and of their verdicts. Nothing is written.
"""
import argparse
import collections
import json
import os
import subprocess
import sys


def explain(viperlint, app):
    """init's report (standard error) with --explain; the configuration goes to standard output."""
    run = subprocess.run([viperlint, "init", app, "--explain", "--output", "-", "--no-cache"],
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        print(f"{app}: init failed ({run.returncode}): {run.stderr.strip()[:200]}", file=sys.stderr)
        return None
    return run.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("apps_dirs", nargs="+")
    parser.add_argument("--viperlint", default=".build/release/viperlint")
    parser.add_argument("--verdicts")
    args = parser.parse_args()
    verdicts = {}
    if args.verdicts:
        with open(args.verdicts, encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    entry = json.loads(line)
                    verdicts[(entry["repo"], entry["arrow"])] = entry
    tally = collections.Counter()
    for apps_dir in args.apps_dirs:
        for app in sorted(os.listdir(apps_dir)):
            report = explain(args.viperlint, os.path.join(apps_dir, app))
            if report is None:
                continue
            repo = app.replace("+", "/", 1)
            lines = report.splitlines()
            chosen = next((line for line in lines if line.startswith("chosen preset:")), "chosen preset: ?")
            followed = [line for line in lines if line.startswith("the preset follows the code:")]
            print(f"## {repo}\n\n{chosen}" + "".join(f"; {line}" for line in followed) + "\n")
            rows = []
            for line in lines:
                # Table rows: "  ARROW  N of M modules  DECISION".
                if not line.startswith("  ") or " modules  " not in line:
                    continue
                arrow_and_count, decision = line.strip().rsplit(" modules  ", 1)
                arrow, count = arrow_and_count.rsplit("  ", 1)
                arrow = arrow.strip()
                verdict = ""
                if decision.startswith("allowed"):
                    tally["allowed"] += 1
                    entry = verdicts.get((repo, arrow))
                    verdict = f"{entry['verdict']}: {entry.get('reason', '')}" if entry else "not reviewed"
                    tally[entry["verdict"] if entry else "not reviewed"] += 1
                rows.append(f"| {arrow} | {count.strip()} | {decision} | {verdict} |")
            if rows:
                print("| arrow | modules | decision | verdict |\n|---|---|---|---|\n" + "\n".join(rows) + "\n")
            else:
                print("No arrow the preset forbids is taken in any module.\n")
            tally["apps"] += 1
    print(f"apps: {tally['apps']}; allowances: {tally['allowed']}; verdicts: "
          + ", ".join(f"{key} {tally[key]}" for key in ("right", "wrong", "debatable", "not reviewed")))


if __name__ == "__main__":
    main()
