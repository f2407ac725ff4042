#!/usr/bin/env python3
"""viperlint's throughput benchmark, against the parse-only floor.

    python3 Benchmarks/benchmark.py [--runs N] [--sizes 1000,10000,50000] [--skip-build]
                                    [--corpus DIR [--corpus-apps 2]] [--skip-real]

Builds the release binary, prepares the corpora (real Swift code cloned at fixed tags from the
machine's package mirror, at least a million lines, and generated VIPER projects of the given
file counts), then runs each case several times and prints medians:

  parse-only   SwiftParser over every file, same threads and process (the floor)
  lint-cold    a full lint with an empty cache
  lint-warm    the same with the cache the cold run filled
  pre-commit   one file given (the whole project indexed), warm cache
  one-change   the same after a comment was appended to that file (its facts stay: the stored
               outcome holds, the file is parsed to know it)
  one-edit     the same after a line was added at the top of that file: every fact of the file
               moves, as most edits do (the classification is reused; the rules run again)
  staged       `lint --staged` with the one-edit change staged, warm cache (git repositories only:
               the corpus apps); compare with pre-commit, the path-based run
  no-cache     a full lint that neither reads nor writes the cache
  threads=1    the same on one thread (the ratio shows the parallel speed-up)

The cached cases run twice: with the project's rules, and marked * with every rule on (its
configuration, or none, with every rule at warning, restored afterwards). Last comes the scale
run: a generated 10,000-file project of --scale-lines lines (10 million by default), linted
once without cache and parsed once, with wall time and peak memory.

For each: files/s, lines/s, MB/s, wall and CPU seconds, peak resident memory, and the ratio
to parse-only. With --corpus, the largest apps of the real-world corpus (the shared/DEVCORPUS.md
apps checked out as OWNER+NAME, see Benchmarks/realworld.py) come first, linted as a new user
would (no configuration). Each corpus ends with the summary the performance goals are stated in:
cold / floor, warm speed-up over cold, the changed-file run, and the 1 -> N thread speed-up.
Nothing here is a test: it measures.
"""
import argparse
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build", "benchmark")
BINARY = os.path.join(ROOT, ".build", "release", "viperlint")
MIRROR = "/opt/swift-packages"
# Real code at fixed tags: together a little over a million lines of Swift.
REAL = [
    ("swiftlang/swift-syntax", "603.0.1"),
    ("apple/swift-nio", "2.101.3"),
    ("vapor/vapor", "4.122.3"),
    ("apple/swift-protobuf", "1.39.0"),
    ("apple/swift-collections", "1.6.0"),
    ("grpc/grpc-swift-2", "2.4.3"),
    ("apple/swift-openapi-generator", "1.14.3"),
]
# Lint every Swift file of the real corpus, tests and all: nothing excluded, and the packages
# (each with its own LICENSE) not skipped as copied-in libraries.
EVERYTHING = ('{ "version": 1, "exclude": [], "scope": { "skipLibraries": false, "skipGenerated": false, '
              '"onlyTargetFiles": false } }\n')


def prepare_real():
    folder = os.path.join(WORK, "real")
    if not os.path.isdir(folder):
        os.makedirs(folder)
        for name, tag in REAL:
            target = os.path.join(folder, name.split("/")[1])
            subprocess.run(["git", "-c", "advice.detachedHead=false", "clone", "-q", "--depth", "1", "--branch", tag, f"file://{MIRROR}/{name}.git", target],
                           check=True)
            shutil.rmtree(os.path.join(target, ".git"))
    with open(os.path.join(folder, ".viperlint.json"), "w") as handle:
        handle.write(EVERYTHING)
    return folder


def prepare_generated(files):
    folder = os.path.join(WORK, f"generated-{files}")
    if not os.path.isdir(folder):
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate_viper_project.py"), folder,
                        str(max(1, files // 6))], check=True)
    return folder


def corpus_size(folder):
    files = lines = size = 0
    first = None
    for directory, _, names in os.walk(folder):
        for name in sorted(names):
            if name.endswith(".swift") and name != "Package.swift":
                path = os.path.join(directory, name)
                files += 1
                with open(path, "rb") as handle:
                    data = handle.read()
                size += len(data)
                lines += data.count(b"\n")
                first = first or path
    return files, lines, size, first


def run(arguments, cwd=None):
    """One run: wall seconds, CPU seconds and peak RSS (KiB) of the child."""
    start = time.perf_counter()
    process = subprocess.Popen([BINARY] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        raise SystemExit(f"viperlint {' '.join(arguments)} exited {code}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def measure(arguments, runs, before=None, cwd=None):
    samples = []
    for _ in range(runs):
        if before:
            before()
        samples.append(run(arguments, cwd=cwd))
    return tuple(statistics.median(sample[index] for sample in samples) for index in range(3))


def rule_ids():
    """Every rule id, from `viperlint rules --defaults` (one rule per line, id first)."""
    listing = subprocess.run([BINARY, "rules", "--defaults"], check=True, capture_output=True, text=True).stdout
    return [line.split()[0] for line in listing.splitlines()[1:]
            if len(line.split()) > 1 and line.split()[1] in ("error", "warning", "off")]


@contextlib.contextmanager
def every_rule_on(folder, ids):
    """The folder's configuration (or none) with every rule at warning, restored afterwards."""
    path = os.path.join(folder, ".viperlint.json")
    original = open(path, "rb").read() if os.path.exists(path) else None
    configuration = json.loads(original) if original else {"version": 1}
    configuration["rules"] = {rule: "warning" for rule in ids}
    with open(path, "w") as handle:
        json.dump(configuration, handle)
    # `--staged` reads the configuration being committed: stage it too, for the staged case.
    tracked = os.path.isdir(os.path.join(folder, ".git"))
    if tracked:
        subprocess.run(["git", "add", "--", ".viperlint.json"], cwd=folder, check=True)
    try:
        yield
    finally:
        if tracked:
            subprocess.run(["git", "reset", "-q", "--", ".viperlint.json"], cwd=folder, check=True)
        if original is None:
            os.remove(path)
        else:
            with open(path, "wb") as handle:
                handle.write(original)


def measure_incremental(folder, first, cache, runs):
    """The cached cases: cold, warm, one file given, that file changed, and staged (git only)."""
    def empty_cache():
        shutil.rmtree(cache, ignore_errors=True)

    common = ["lint", folder, "--quiet", "--report", "json:/dev/null", "--cache-path", cache]
    cases = [("lint-cold", measure(common, runs, before=empty_cache))]
    run(common)
    cases.append(("lint-warm", measure(common, runs)))
    one_file = ["lint", first, "--quiet", "--report", "json:/dev/null", "--cache-path", cache]
    cases.append(("pre-commit", measure(one_file, runs)))
    with open(first, "rb") as handle:
        original = handle.read()
    edits = iter(range(1_000_000))

    def change_first():
        with open(first, "wb") as handle:
            handle.write(original + f"\n// benchmark edit {next(edits)}\n".encode())

    def edit_first():
        with open(first, "wb") as handle:
            handle.write(f"// benchmark edit {next(edits)}\n".encode() + original)

    try:
        cases.append(("one-change", measure(one_file, runs, before=change_first)))
        cases.append(("one-edit", measure(one_file, runs, before=edit_first)))
        if os.path.isdir(os.path.join(folder, ".git")):
            # The last edit staged: what `git commit` would record, linted from the index.
            relative = os.path.relpath(first, folder)
            subprocess.run(["git", "add", "--", relative], cwd=folder, check=True)
            staged = ["lint", "--staged", "--quiet", "--report", "json:/dev/null", "--cache-path", cache]
            try:
                run(staged, cwd=folder)
                cases.append(("staged", measure(staged, runs, cwd=folder)))
            finally:
                subprocess.run(["git", "reset", "-q", "--", relative], cwd=folder, check=True)
    finally:
        with open(first, "wb") as handle:
            handle.write(original)
    empty_cache()
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="1000,10000,50000")
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--corpus", help="folder of the real-world corpus apps (OWNER+NAME)")
    parser.add_argument("--corpus-apps", type=int, default=2, help="how many of its largest apps to measure")
    parser.add_argument("--skip-real", action="store_true", help="leave out the million lines of real package code")
    parser.add_argument("--scale-lines", type=int, default=10_000_000,
                        help="lines of the 10,000-file scale project (0 leaves the scale run out)")
    options = parser.parse_args()
    if not options.skip_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "viperlint"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    os.makedirs(WORK, exist_ok=True)
    cores = os.cpu_count() or 1
    rule_ids_all = rule_ids()
    corpora = []
    if options.corpus:
        apps = [os.path.join(options.corpus, name) for name in sorted(os.listdir(options.corpus))
                if os.path.isdir(os.path.join(options.corpus, name))]
        apps.sort(key=lambda folder: -corpus_size(folder)[0])
        corpora += [(os.path.basename(folder).split("+")[-1], folder) for folder in apps[:options.corpus_apps]]
    if not options.skip_real:
        corpora += [("real code", prepare_real())]
    corpora += [(f"generated {int(size):,}", prepare_generated(int(size))) for size in options.sizes.split(",") if size]

    print(f"viperlint benchmark: {cores} cores, median of {options.runs} runs, release build")
    header = f"{'corpus':<18}{'case':<14}{'files/s':>10}{'lines/s':>12}{'MB/s':>8}{'wall s':>9}{'cpu s':>8}{'peak MB':>9}{'/parse':>8}"
    for name, folder in corpora:
        files, lines, size, first = corpus_size(folder)
        print(f"\n{name}: {files:,} files, {lines:,} lines, {size / 1e6:.1f} MB")
        print(header)
        cache = tempfile.mkdtemp(prefix="viperlint-bench-cache-")
        common = ["lint", folder, "--quiet", "--report", "json:/dev/null"]
        cases = [("parse-only", measure(["lint", folder, "--parse-only"], options.runs))]
        cases += measure_incremental(folder, first, cache, options.runs)
        cases.append(("no-cache", measure(common + ["--no-cache"], options.runs)))
        cases.append(("threads=1", measure(common + ["--no-cache", "--threads", "1"], options.runs)))
        # The same incremental cases with every rule on (the configuration's rules all at
        # warning): what the rules themselves cost on top of the index.
        with every_rule_on(folder, rule_ids_all):
            every = [(case + " *", numbers) for case, numbers in measure_incremental(folder, first, cache, options.runs)]
        floor = cases[0][1][0]
        for case, (wall, cpu, rss) in cases + every:
            print(f"{'':<18}{case:<14}{files / wall:>10,.0f}{lines / wall:>12,.0f}{size / 1e6 / wall:>8.1f}"
                  f"{wall:>9.2f}{cpu:>8.2f}{rss / 1024:>9.0f}{wall / floor:>8.2f}")
        print(f"{'':<18}(* every rule on)")
        walls = {case: numbers[0] for case, numbers in cases + every}
        peaks = {case: numbers[2] / 1024 for case, numbers in cases + every}

        def pair(case, goal):
            both = f"{walls[case]:>8.2f} s{walls[case + ' *']:>10.2f} s" if case + " *" in walls else f"{'':>22}"
            return f"{'':<18}{case:<22}{both}   {goal}"
        print(f"{'':<18}{'goal':<22}{'default':>10}{'every rule':>12}")
        print(f"{'':<18}{'cold / parse-only floor':<22}{walls['lint-cold'] / floor:>9.2f}x{walls['lint-cold *'] / floor:>11.2f}x   <= 1.5x")
        print(f"{'':<18}{'warm speed-up':<22}{walls['lint-cold'] / walls['lint-warm']:>9.1f}x{walls['lint-cold *'] / walls['lint-warm *']:>11.1f}x   >= 25x")
        print(pair("lint-warm", "<= 0.1 s"))
        print(pair("pre-commit", "<= 0.1 s"))
        print(pair("one-change", "<= 0.1 s"))
        print(pair("one-edit", "<= 0.1 s"))
        if "staged" in walls:
            print(pair("staged", "<= 0.1 s"))
        print(f"{'':<18}{'1 -> ' + str(cores) + ' threads, cold':<22}{walls['threads=1'] / walls['no-cache']:>9.2f}x{'':>12}   >= 1.85x")
        print(f"{'':<18}{'peak memory':<22}{max(peaks[c] for c, _ in cases):>7.0f} MB{max(peaks[c] for c, _ in every):>9.0f} MB   < 1 GB")
        shutil.rmtree(cache, ignore_errors=True)
    if options.scale_lines:
        measure_scale(options.scale_lines)


def measure_scale(lines_wanted):
    """Time and peak memory of a cold lint of a 10,000-file project of `lines_wanted` lines
    (large interactors carry the lines): one run each, it is long."""
    modules = 10_000 // 6
    folder = os.path.join(WORK, f"scale-{lines_wanted}")
    if not os.path.isdir(folder):
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate_viper_project.py"), folder,
                        str(modules), str(lines_wanted // modules)], check=True)
    files, lines, size, _ = corpus_size(folder)
    print(f"\nscale: {files:,} files, {lines:,} lines, {size / 1e6:.0f} MB (one run each)")
    for case, arguments in [("parse-only", ["lint", folder, "--parse-only"]),
                            ("no-cache", ["lint", folder, "--quiet", "--report", "json:/dev/null", "--no-cache"])]:
        wall, cpu, rss = run(arguments)
        print(f"{'':<18}{case:<14}{lines / wall:>12,.0f} lines/s{wall:>9.1f} s wall{cpu:>8.1f} s cpu{rss / 1024:>8.0f} MB peak (goal < 1 GB)")


if __name__ == "__main__":
    main()
