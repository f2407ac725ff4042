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
  one-change   the same after that file's content changed (what a pre-commit hook sees)
  staged       `lint --staged` with that change staged, warm cache (git repositories only:
               the corpus apps); compare with pre-commit, the path-based run
  no-cache     a full lint that neither reads nor writes the cache
  threads=1    the same on one thread (the ratio shows the parallel speed-up)

For each: files/s, lines/s, MB/s, wall and CPU seconds, peak resident memory, and the ratio
to parse-only. With --corpus, the largest apps of the real-world corpus (the shared/DEVCORPUS.md
apps checked out as OWNER+NAME, see Benchmarks/realworld.py) come first, linted as a new user
would (no configuration). Each corpus ends with the summary the performance goals are stated in:
cold / floor, warm speed-up over cold, the changed-file run, and the 1 -> N thread speed-up.
Nothing here is a test: it measures.
"""
import argparse
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="1000,10000,50000")
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--corpus", help="folder of the real-world corpus apps (OWNER+NAME)")
    parser.add_argument("--corpus-apps", type=int, default=2, help="how many of its largest apps to measure")
    parser.add_argument("--skip-real", action="store_true", help="leave out the million lines of real package code")
    options = parser.parse_args()
    if not options.skip_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "viperlint"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    os.makedirs(WORK, exist_ok=True)
    cores = os.cpu_count() or 1
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
    header = f"{'corpus':<18}{'case':<12}{'files/s':>10}{'lines/s':>12}{'MB/s':>8}{'wall s':>9}{'cpu s':>8}{'peak MB':>9}{'/parse':>8}"
    for name, folder in corpora:
        files, lines, size, first = corpus_size(folder)
        print(f"\n{name}: {files:,} files, {lines:,} lines, {size / 1e6:.1f} MB")
        print(header)
        cache = tempfile.mkdtemp(prefix="viperlint-bench-cache-")

        def empty_cache():
            shutil.rmtree(cache, ignore_errors=True)

        common = ["lint", folder, "--quiet", "--report", "json:/dev/null"]
        cases = [
            ("parse-only", measure(["lint", folder, "--parse-only"], options.runs)),
            ("lint-cold", measure(common + ["--cache-path", cache], options.runs, before=empty_cache)),
        ]
        run(common + ["--cache-path", cache])
        cases.append(("lint-warm", measure(common + ["--cache-path", cache], options.runs)))
        one_file = ["lint", first, "--quiet", "--report", "json:/dev/null", "--cache-path", cache]
        cases.append(("pre-commit", measure(one_file, options.runs)))
        with open(first, "rb") as handle:
            original = handle.read()
        edits = iter(range(1_000_000))

        def change_first():
            with open(first, "wb") as handle:
                handle.write(original + f"\n// benchmark edit {next(edits)}\n".encode())

        try:
            cases.append(("one-change", measure(one_file, options.runs, before=change_first)))
            if os.path.isdir(os.path.join(folder, ".git")):
                # The last edit staged: what `git commit` would record, linted from the index.
                relative = os.path.relpath(first, folder)
                subprocess.run(["git", "add", "--", relative], cwd=folder, check=True)
                staged = ["lint", "--staged", "--quiet", "--report", "json:/dev/null", "--cache-path", cache]
                try:
                    run(staged, cwd=folder)
                    cases.append(("staged", measure(staged, options.runs, cwd=folder)))
                finally:
                    subprocess.run(["git", "reset", "-q", "--", relative], cwd=folder, check=True)
        finally:
            with open(first, "wb") as handle:
                handle.write(original)
        cases.append(("no-cache", measure(common + ["--no-cache"], options.runs)))
        cases.append(("threads=1", measure(common + ["--no-cache", "--threads", "1"], options.runs)))
        floor = cases[0][1][0]
        for case, (wall, cpu, rss) in cases:
            print(f"{'':<18}{case:<12}{files / wall:>10,.0f}{lines / wall:>12,.0f}{size / 1e6 / wall:>8.1f}"
                  f"{wall:>9.2f}{cpu:>8.2f}{rss / 1024:>9.0f}{wall / floor:>8.2f}")
        walls = {case: wall for case, (wall, _, _) in cases}
        print(f"{'':<18}summary: cold {walls['lint-cold'] / floor:.1f}x floor, warm {walls['lint-cold'] / walls['lint-warm']:.1f}x "
              f"faster than cold, changed file {walls['one-change']:.2f} s"
              + (f", staged {walls['staged']:.2f} s against {walls['pre-commit']:.2f} s by path" if 'staged' in walls else "")
              + f", 1 -> {cores} threads "
              f"{walls['threads=1'] / walls['no-cache']:.2f}x (both without a cache)")
        empty_cache()


if __name__ == "__main__":
    main()
