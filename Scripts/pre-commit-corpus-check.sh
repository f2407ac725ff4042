#!/usr/bin/env bash
# The first ten minutes, for real (issue 29): on copies of two corpus apps (the SwiftUI
# SwiftfulStarterProject and the Clean Swift GameNewsCleanSwift, checked out as OWNER+NAME under
# CORPUS, see Benchmarks/realworld.py), set up as the README and docs/workflows.md say: `viperlint init`, the
# pre-commit framework with the `viperlint-system` hook and `verbose: true`. A commit adding a
# violation of a default error rule must be refused with its message; one adding a warning
# must pass and show it. Also writes each app's dashboard to OUT for a look by eye.
#
#     bash Scripts/pre-commit-corpus-check.sh CORPUS [OUT]
set -euo pipefail
corpus=${1:?usage: pre-commit-corpus-check.sh CORPUS [OUT]}
repo=$(cd "$(dirname "$0")/.." && pwd)
out=${2:-$(mktemp -d)}
swift build --package-path "$repo" -c release --product viperlint >/dev/null
export PATH="$repo/.build/release:$PATH"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/pre-commit-home"
revision=$(git -C "$repo" rev-parse HEAD)
failed=0

# app folder, file to break with an error, file to add a warning to
check_app() {
  local name=$1 error_file=$2 warning_file=$3
  local app="$work/$name"
  mkdir -p "$app"
  git -C "$corpus/$name" archive HEAD | tar -x -C "$app"
  cd "$app"
  git init -q && git config user.email "e2e@example.invalid" && git config user.name "e2e" && git config commit.gpgsign false
  viperlint init . >/dev/null 2>"$work/init.txt" || true
  grep -E "chosen preset|unsure|pre-commit hook" "$work/init.txt" | sed "s|^|  $name init: |"
  # No default rule is an error (issue 43): the team raises forbidden-import in what init wrote.
  python3 - <<'PY'
import json
config = json.load(open(".viperlint.json"))
config.setdefault("rules", {})["forbidden-import"] = "error"
json.dump(config, open(".viperlint.json", "w"), indent=2)
PY
  cat > .pre-commit-config.yaml <<EOF
repos:
  - repo: $repo
    rev: $revision
    hooks:
      - id: viperlint-system
        verbose: true
EOF
  git add -A && git commit -q -m "start" --no-verify
  pre-commit install >/dev/null
  viperlint lint --report "html:$out/$name.html" >/dev/null 2>&1 || true

  # An Interactor that imports UIKit and uses none of it: forbidden-import, an error.
  sed -i 's/^import Foundation$/import UIKit/; t; 1s/^/import UIKit\n/' "$error_file"
  git add "$error_file"
  if git commit -q -m "violation" >"$work/commit.txt" 2>&1; then
    echo "FAILED: $name: the commit with an error was not refused"; cat "$work/commit.txt"; failed=1
  elif grep -q "error: Interactor file of module .* imports 'UIKit'" "$work/commit.txt"; then
    echo "ok: $name: refused, saying $(grep -m1 -o "error: Interactor file of module '[^']*' imports 'UIKit'" "$work/commit.txt")"
  else
    echo "FAILED: $name: refused without the finding"; cat "$work/commit.txt"; failed=1
  fi
  git checkout -q -- "$error_file" && git reset -q

  # A View that writes to UserDefaults: misplaced-service-call, a warning.
  printf '\nextension %s {\n    func rememberSeen() { UserDefaults.standard.set(true, forKey: "seen") }\n}\n' \
    "$(basename "$warning_file" .swift)" >> "$warning_file"
  git add "$warning_file"
  if git commit -q -m "warning" >"$work/commit.txt" 2>&1; then
    if grep -q "warning: View .* calls persistence API 'UserDefaults.standard.set'" "$work/commit.txt"; then
      echo "ok: $name: passed, showing $(grep -m1 -o "warning: View '[^']*'" "$work/commit.txt") and $(grep -m1 -o 'exit 0: .*' "$work/commit.txt" || echo 'no exit line')"
    else
      echo "FAILED: $name: passed without showing the warning"; cat "$work/commit.txt"; failed=1
    fi
  else
    echo "FAILED: $name: the commit with a warning was refused"; cat "$work/commit.txt"; failed=1
  fi
  cd "$work"
}

check_app SwiftfulThinking+SwiftfulStarterProject \
  SwiftfulStarterProject/Core/CreateAccount/CreateAccountInteractor.swift \
  SwiftfulStarterProject/Core/CreateAccount/CreateAccountView.swift
check_app Meskhii+GameNewsCleanSwift \
  GameNews/Presentation/Scenes/Bookmarks/BookmarksInteractor.swift \
  GameNews/Presentation/Scenes/Bookmarks/BookmarksViewController.swift
echo "dashboards: $out"
exit $failed
