#!/usr/bin/env python3
"""Objective-C throughput: how fast viperlint reads .h/.m files through libclang.

    python3 Benchmarks/objc_throughput.py [--copies 50] [--runs 3] [--skip-build] [--libclang PATH]...

Builds the release binary, writes a project of COPIES renamed copies of the Objective-C VIPER
modules of Fixtures/ObjCVIPER (each copy a module of its own; its Swift files stay in so the
project stays mixed), then times, per libclang (default: every one the locator finds):

  cold   a full lint with an empty cache (every file parsed, up to four libclang passes each)
  warm   the same with the cache the cold run filled
  swift  the same project with --libclang none (Swift only: the floor)

and prints medians of files/s and lines/s. Nothing here is a test: it measures.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "viperlint")
FIXTURE = os.path.join(ROOT, "Fixtures", "ObjCVIPER")
CANDIDATES = ["/opt/swift/usr/lib/libclang.so", "/usr/lib/llvm-19/lib/libclang.so", "/usr/lib/llvm-16/lib/libclang.so",
              "/usr/lib/llvm-15/lib/libclang.so", "/usr/lib/llvm-14/lib/libclang.so"]


def make_project(folder, copies):
    """The fixture's shared folders once, and its modules COPIES times, renamed Home1, Detail1..."""
    for name in ("App", "Entities", "Services"):
        shutil.copytree(os.path.join(FIXTURE, name), os.path.join(folder, name))
    shutil.copy(os.path.join(FIXTURE, ".viperlint.json"), folder)
    modules = sorted(os.listdir(os.path.join(FIXTURE, "Modules")))
    pattern = re.compile(r"\b(" + "|".join(modules) + r")(?=[A-Z])")
    for copy in range(1, copies + 1):
        for module in modules:
            source = os.path.join(FIXTURE, "Modules", module)
            target = os.path.join(folder, "Modules", f"{module}{copy}")
            os.makedirs(target)
            for file_name in os.listdir(source):
                with open(os.path.join(source, file_name), encoding="utf-8") as handle:
                    text = pattern.sub(lambda match: f"{match.group(1)}{copy}", handle.read())
                with open(os.path.join(target, pattern.sub(lambda match: f"{match.group(1)}{copy}", file_name)), "w",
                          encoding="utf-8") as handle:
                    handle.write(text)


def count(folder):
    files = lines = 0
    for directory, _, names in os.walk(folder):
        for name in names:
            if name.endswith((".h", ".m", ".swift")):
                files += 1
                with open(os.path.join(directory, name), encoding="utf-8") as handle:
                    lines += sum(1 for _ in handle)
    return files, lines


def timed(arguments, cache):
    start = time.perf_counter()
    result = subprocess.run([BINARY, "lint", *arguments, "--quiet", "--cache-path", cache], capture_output=True, text=True)
    if result.returncode not in (0, 1):
        sys.exit(f"viperlint failed ({result.returncode}): {result.stderr}")
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--copies", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--libclang", action="append")
    options = parser.parse_args()
    if not options.skip_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "viperlint"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    libclangs = options.libclang or [path for path in CANDIDATES if os.path.exists(path)]
    work = tempfile.mkdtemp(prefix="viperlint-objc-bench-")
    try:
        project = os.path.join(work, "project")
        make_project(project, options.copies)
        files, lines = count(project)
        print(f"project: {files} files ({lines} lines), {options.copies} copies of the ObjCVIPER modules, "
              f"{os.cpu_count()} cores, median of {options.runs} runs")
        cases = [("swift (--libclang none)", ["--libclang", "none"], False)]
        cases += [(f"cold {path}", ["--libclang", path], False) for path in libclangs]
        cases += [(f"warm {path}", ["--libclang", path], True) for path in libclangs]
        for name, arguments, warm in cases:
            times = []
            for _ in range(options.runs):
                cache = os.path.join(work, "cache")
                if not warm:
                    shutil.rmtree(cache, ignore_errors=True)
                else:
                    timed([project, *arguments], cache)  # fill it
                times.append(timed([project, *arguments], cache))
                shutil.rmtree(cache, ignore_errors=True)
            median = statistics.median(times)
            print(f"{name:60s} {median:7.2f} s  {files / median:8.0f} files/s  {lines / median:9.0f} lines/s")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
