#!/usr/bin/env python3
"""Checks viperlint's CI report formats with the tools their users run.

Usage: check_report_formats.py SARIF JUNIT CHECKSTYLE [GITLAB SONAR]
- SARIF validates against Schemas/sarif-2.1.0-subset.schema.json (our schema of the SARIF 2.1.0
  objects viperlint writes, from the specification; everything CI needs is in the repository)
  and loads in sarif-tools;
- JUnit loads in junitparser, with one test case per rule and module;
- checkstyle is well-formed XML with <file>/<error> elements;
- GitLab Code Quality validates against Schemas/gitlab-code-quality.schema.json (our schema of
  the fields GitLab documents), with unique fingerprints and paths of files in the repository;
- Sonar's generic issues validate against Schemas/sonar-generic-issues.schema.json, every issue's
  rule listed in `rules`, every path a file of the repository.
Prints 'N passed, N failed' and exits non-zero on any failure.
"""
import json
import os
import sys
import xml.etree.ElementTree as ElementTree

import jsonschema
import junitparser
from sarif import loader as sarif_loader

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SARIF_SCHEMA = os.path.join(ROOT, "Schemas", "sarif-2.1.0-subset.schema.json")


def validate(document, schema_name, label):
    with open(os.path.join(ROOT, "Schemas", schema_name), encoding="utf-8") as handle:
        schema = json.load(handle)
    validator = jsonschema.validators.validator_for(schema)(schema, format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(document), key=str)
    if errors:
        raise AssertionError(f"{label} schema: {errors[0].message} at {list(errors[0].absolute_path)}")


def check_sarif(path):
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    with open(SARIF_SCHEMA, encoding="utf-8") as handle:
        schema = json.load(handle)
    checker = jsonschema.FormatChecker()
    validator = jsonschema.validators.validator_for(schema)(schema, format_checker=checker)
    errors = sorted(validator.iter_errors(document), key=str)
    if errors:
        raise AssertionError(f"SARIF schema: {errors[0].message} at {list(errors[0].absolute_path)}")
    results = sarif_loader.load_sarif_file(path).get_results()
    if len(results) != len(document["runs"][0]["results"]) or not results:
        raise AssertionError(f"sarif-tools read {len(results)} results")
    for result in document["runs"][0]["results"]:
        if not result["partialFingerprints"]["viperlintFingerprint/v1"]:
            raise AssertionError("missing fingerprint")


def check_junit(path):
    xml = junitparser.JUnitXml.fromfile(path)
    cases = [case for suite in xml for case in suite]
    failing = [case for case in cases if not case.is_passed]
    if not cases or not failing or len(failing) == len(cases):
        raise AssertionError(f"junitparser read {len(cases)} cases, {len(failing)} failing")


def check_checkstyle(path):
    tree = ElementTree.parse(path)
    if tree.getroot().tag != "checkstyle":
        raise AssertionError("root element is not <checkstyle>")
    errors = tree.getroot().findall("./file/error")
    if not errors or any(error.get("severity") not in ("error", "warning") for error in errors):
        raise AssertionError(f"{len(errors)} <error> elements")


def check_gitlab(path):
    with open(path, encoding="utf-8") as handle:
        issues = json.load(handle)
    validate(issues, "gitlab-code-quality.schema.json", "GitLab")
    if not issues:
        raise AssertionError("no issues")
    fingerprints = [issue["fingerprint"] for issue in issues]
    if len(set(fingerprints)) != len(fingerprints):
        raise AssertionError("fingerprints are not unique")
    missing = [issue["location"]["path"] for issue in issues if not os.path.isfile(issue["location"]["path"])]
    if missing:
        raise AssertionError(f"paths that are no file of the repository: {missing[:3]}")


def check_sonar(path):
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    validate(document, "sonar-generic-issues.schema.json", "Sonar")
    rules = {rule["id"] for rule in document["rules"]}
    issues = document["issues"]
    if not issues or {issue["ruleId"] for issue in issues} != rules:
        raise AssertionError(f"{len(issues)} issues; their rules and the rules listed differ")
    locations = [issue["primaryLocation"] for issue in issues] + [
        location for issue in issues for location in issue.get("secondaryLocations", [])]
    missing = [location["filePath"] for location in locations if not os.path.isfile(location["filePath"])]
    if missing:
        raise AssertionError(f"paths that are no file of the repository: {missing[:3]}")


def main(sarif_path, junit_path, checkstyle_path, gitlab_path=None, sonar_path=None):
    passed, failed = 0, 0
    checks = [("sarif", check_sarif, sarif_path), ("junit", check_junit, junit_path),
              ("checkstyle", check_checkstyle, checkstyle_path)]
    if gitlab_path:
        checks.append(("gitlab", check_gitlab, gitlab_path))
    if sonar_path:
        checks.append(("sonar", check_sonar, sonar_path))
    for name, check, path in checks:
        try:
            check(path)
            passed += 1
        except Exception as error:  # report every format, then fail
            print(f"{name}: {error}", file=sys.stderr)
            failed += 1
    print(f"report formats: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:6]))
