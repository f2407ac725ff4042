#!/usr/bin/env python3
"""Validates viperlint's published JSON Schemas against real files.

- every report given on the command line, and every Fixtures/*/expected.json (and
  expected-without-libclang.json), against
  Schemas/report-v1.schema.json;
- rules.json, every Fixtures/*/.viperlint.json and Tests/ConfigSamples/valid/*.json against
  Schemas/config-v1.schema.json, and every Tests/ConfigSamples/invalid/*.json must fail it
  (the Swift test suite checks the same samples against the real decoder).
Exits non-zero on the first disagreement, naming the file.
"""
import glob
import json
import os
import sys

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def validator(name):
    schema = load(os.path.join(ROOT, "Schemas", name))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def main(reports):
    failures = []
    report_schema = validator("report-v1.schema.json")
    config_schema = validator("config-v1.schema.json")
    checked = 0

    def must_pass(schema, path):
        nonlocal checked
        checked += 1
        errors = sorted(schema.iter_errors(load(path)), key=str)
        if errors:
            failures.append(f"{path}: {errors[0].message} at {list(errors[0].absolute_path)}")

    goldens = glob.glob(os.path.join(ROOT, "Fixtures", "*", "expected.json"))
    goldens += glob.glob(os.path.join(ROOT, "Fixtures", "*", "expected-without-libclang.json"))
    for path in reports + sorted(goldens):
        must_pass(report_schema, path)
    configs = [os.path.join(ROOT, "rules.json")]
    configs += sorted(glob.glob(os.path.join(ROOT, "Fixtures", "*", ".viperlint.json")))
    configs += sorted(glob.glob(os.path.join(ROOT, "Tests", "ConfigSamples", "valid", "*.json")))
    for path in configs:
        must_pass(config_schema, path)
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests", "ConfigSamples", "invalid", "*.json"))):
        checked += 1
        if config_schema.is_valid(load(path)):
            failures.append(f"{path}: invalid sample accepted by the config schema")

    for failure in failures:
        print(f"schema check failed: {failure}", file=sys.stderr)
    print(f"schemas: {checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
