#!/usr/bin/env bash
# Regenerates Fixtures/*/expected.json (the report) and expected-config.json (the
# configuration in effect, preset included) from the current build; for fixtures with
# Objective-C, also expected-without-libclang.json (the report when no libclang is used).
# Review the diff finding by
# finding before committing: the tests compare against these files, and the `// expect:`
# marks in the fixture sources are the independent check.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product viperlint >/dev/null
for fixture in Fixtures/*/; do
  name=$(basename "$fixture")
  root=$(cd "$fixture" && pwd)
  status=0
  .build/debug/viperlint lint "$fixture" --no-cache --report json --quiet > "$fixture/expected.json.tmp" || status=$?
  if [ "$status" -gt 1 ]; then echo "lint failed for $name ($status)" >&2; rm -f "$fixture/expected.json.tmp"; exit 1; fi
  python3 - "$fixture/expected.json.tmp" "$root" <<'PY'
import sys
path, root = sys.argv[1], sys.argv[2]
text = open(path).read().replace('"root": "%s"' % root, '"root": "."', 1)
open(path, "w").write(text)
PY
  mv "$fixture/expected.json.tmp" "$fixture/expected.json"
  # Fixtures with Objective-C also pin what a machine without libclang reports.
  if find "$fixture" -name '*.[hm]' | grep -q .; then
    .build/debug/viperlint lint "$fixture" --libclang none --no-cache --report json --quiet > "$fixture/expected-without-libclang.json" || true
    python3 - "$fixture/expected-without-libclang.json" "$root" <<'PY'
import sys
path, root = sys.argv[1], sys.argv[2]
text = open(path).read().replace('"root": "%s"' % root, '"root": "."', 1)
open(path, "w").write(text)
PY
  fi
  .build/debug/viperlint config "$fixture" > "$fixture/expected-config.json"
  echo "updated $fixture/expected.json and expected-config.json"
done
