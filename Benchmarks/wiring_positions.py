#!/usr/bin/env python3
"""Where the wiring graph and the layers disagree: for every type a builder wires, the position
the wiring gives it (view, view state, presenter, interactor, router) beside the layer names,
places and RoleEvidence give it. What issue 54 measured before deciding that roles stay with
names (the wiring decides modules).

    python3 Benchmarks/wiring_positions.py APPS_DIR [APPS_DIR...] [--viperlint PATH]

Each APPS_DIR holds apps checked out as OWNER+NAME (docs/accuracy.md). Prints one line per
disagreement (app, type, position, layer, builder), then the counts by position and layer.
Positions of builders that place fewer than three objects are marked: they are the weak ones.
"""
import argparse
import collections
import json
import os
import subprocess
import sys

LAYER_OF_POSITION = {"view": "View", "view state": "ViewModel", "presenter": "Presenter",
                     "interactor": "Interactor", "router": "Router"}


def classify(viperlint, app):
    run = subprocess.run([viperlint, "classify", "--format", "json", "--no-cache", app],
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        print(f"{app}: classify failed ({run.returncode}): {run.stderr.strip()[:200]}", file=sys.stderr)
        return None
    return json.loads(run.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("apps_dirs", nargs="+")
    parser.add_argument("--viperlint", default=".build/release/viperlint")
    args = parser.parse_args()
    counts = collections.Counter()
    agreed = 0
    for apps_dir in args.apps_dirs:
        for app in sorted(os.listdir(apps_dir)):
            report = classify(args.viperlint, os.path.join(apps_dir, app))
            if report is None:
                continue
            # How many objects each builder places: one of two is a weak reading.
            placed = collections.Counter()
            types = [t for f in report["files"] for t in f["types"]]
            for item in types:
                for wired in item["wiring"]:
                    placed[(wired["builder"], wired["file"], wired["line"])] += 1
            for item in types:
                layer = (item["layer"] or {}).get("name")
                for wired in item["wiring"]:
                    expected = LAYER_OF_POSITION[wired["position"]]
                    if layer == expected:
                        agreed += 1
                        continue
                    weak = placed[(wired["builder"], wired["file"], wired["line"])] < 3
                    counts[(wired["position"], layer or "none", "weak" if weak else "")] += 1
                    print(f"{app}\t{item['name']}\tposition {wired['position']}\tlayer {layer or 'none'}\t"
                          f"{wired['builder']} ({wired['file']}:{wired['line']}){' [2 placed]' if weak else ''}")
    print(f"\nagree: {agreed}; disagree: {sum(counts.values())}")
    for (position, layer, weak), count in counts.most_common():
        print(f"{count:5}  position {position}, layer {layer}{' (builders placing 2)' if weak else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
