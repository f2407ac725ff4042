#!/usr/bin/env bash
# Builds a viperlint release: a statically linked binary for this platform, its archive, an
# artifact bundle (the format SwiftPM binary targets and the build-tool plugin use), the
# build-tool plugin package pointing at that bundle, and SHA-256 checksums.
#
#   Scripts/release.sh VERSION [--output DIR] [--binary PATH] [--macos-binary PATH] [--url-base URL]
#
# VERSION      must be the version compiled in (Sources/ViperLintCore/ViperLint.swift) and have
#              a section in CHANGELOG.md: the tag, the binary and the reports then agree.
# --output     where to write (default: .build/dist/VERSION); must not exist yet.
# --binary     package this viperlint binary instead of building one (the tests use a debug
#              build: the static release build takes minutes).
# --macos-binary
#              add a macOS universal binary built on a Mac with
#              `swift build -c release --arch arm64 --arch x86_64 --product viperlint`
#              (.build/apple/Products/Release/viperlint) as a second variant of the bundle.
# --url-base   where the release's files will be downloadable (default: the GitHub release
#              of the tag, from the `origin` remote); the plugin package's binary target points there.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
fail() { echo "release.sh: $*" >&2; exit 2; }

[ $# -ge 1 ] || usage
version=$1
shift
case "$version" in -*) usage ;; esac
# Semantic versions only: the value ends up in file names, URLs and a Swift manifest.
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$ ]] || fail "'$version' is not a semantic version (MAJOR.MINOR.PATCH[-PRERELEASE])"

output=".build/dist/$version"
binary=""
macos_binary=""
url_base=""
while [ $# -gt 0 ]; do
  case "$1" in
    --output) [ $# -ge 2 ] || usage; output=$2; shift 2 ;;
    --binary) [ $# -ge 2 ] || usage; binary=$2; shift 2 ;;
    --macos-binary) [ $# -ge 2 ] || usage; macos_binary=$2; shift 2 ;;
    --url-base) [ $# -ge 2 ] || usage; url_base=$2; shift 2 ;;
    *) usage ;;
  esac
done
if [ -z "$url_base" ]; then
  origin=$(git remote get-url origin 2>/dev/null || true)
  if [[ "$origin" =~ ^(https://github\.com/|git@github\.com:)([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)$ ]]; then
    url_base="https://github.com/${BASH_REMATCH[2]%.git}/releases/download/$version"
  else
    fail "give --url-base: there is no GitHub 'origin' remote to derive the download address from"
  fi
fi
[[ "$url_base" =~ ^https://[A-Za-z0-9./_~%-]+$ ]] || fail "--url-base must be an https URL without quotes, spaces or query"

sha256() { if command -v sha256sum >/dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi; }

compiled=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/ViperLintCore/ViperLint.swift)
[ "$compiled" = "$version" ] || fail "the compiled-in version is '$compiled': set it to '$version' in Sources/ViperLintCore/ViperLint.swift first"
grep -q "^## \[$version\]" CHANGELOG.md || fail "CHANGELOG.md has no '## [$version]' section"
[ ! -e "$output" ] || fail "$output exists already; remove it or give --output"

if [ -z "$binary" ]; then
  # Its own scratch folder, so the static build does not replace the usual release build.
  swift build -c release --product viperlint --static-swift-stdlib --scratch-path .build/release-static
  binary=".build/release-static/release/viperlint"
  # Without debug information: 126 MB becomes 74 MB.
  if command -v strip >/dev/null; then strip "$binary"; fi
fi
[ -f "$binary" ] && [ -x "$binary" ] || fail "$binary is not an executable file"
built=$("$binary" --version)
[ "$built" = "$version" ] || fail "$binary says it is version '$built', not '$version'"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) triple=x86_64-unknown-linux-gnu ;;
  Linux-aarch64 | Linux-arm64) triple=aarch64-unknown-linux-gnu ;;
  Darwin-*) triple=universal-apple-macosx ;;
  *) fail "no release triple for $(uname -s) $(uname -m)" ;;
esac

mkdir -p "$output"
output=$(cd "$output" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# The plain binary, as an archive with the license-free layout `viperlint-VERSION/bin/viperlint`.
mkdir -p "$stage/viperlint-$version/bin"
cp "$binary" "$stage/viperlint-$version/bin/viperlint"
tar -C "$stage" -czf "$output/viperlint-$version-$triple.tar.gz" "viperlint-$version"

# The artifact bundle: one variant per platform, described by info.json.
bundle="$output/viperlint.artifactbundle"
variants=""
add_variant() { # folder, binary, triples (JSON list)
  mkdir -p "$bundle/$1/bin"
  cp "$2" "$bundle/$1/bin/viperlint"
  chmod 755 "$bundle/$1/bin/viperlint"
  variants="$variants${variants:+,}
        { \"path\": \"$1/bin/viperlint\", \"supportedTriples\": $3 }"
}
case "$triple" in
  *linux*) add_variant "viperlint-$version-linux-$(uname -m)" "$binary" "[\"$triple\"]" ;;
  *) add_variant "viperlint-$version-macos" "$binary" '["arm64-apple-macosx", "x86_64-apple-macosx"]' ;;
esac
if [ -n "$macos_binary" ]; then
  [ -f "$macos_binary" ] || fail "$macos_binary is not a file"
  add_variant "viperlint-$version-macos" "$macos_binary" '["arm64-apple-macosx", "x86_64-apple-macosx"]'
fi
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "viperlint": {
      "version": "$version",
      "type": "executable",
      "variants": [$variants
      ]
    }
  }
}
JSON
# Zipped with stable order and times, so the checksum depends on the contents only.
python3 - "$output" <<'PYTHON'
import os, sys, zipfile
output = sys.argv[1]
with zipfile.ZipFile(os.path.join(output, "viperlint.artifactbundle.zip"), "w", zipfile.ZIP_DEFLATED) as archive:
    for folder, folders, files in os.walk(os.path.join(output, "viperlint.artifactbundle")):
        folders.sort()
        for name in sorted(files):
            path = os.path.join(folder, name)
            entry = zipfile.ZipInfo(os.path.relpath(path, output), date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = (os.stat(path).st_mode & 0o777) << 16
            with open(path, "rb") as handle:
                archive.writestr(entry, handle.read(), zipfile.ZIP_DEFLATED)
PYTHON
checksum=$(sha256 "$output/viperlint.artifactbundle.zip" | cut -d' ' -f1)

# The build-tool plugin package, its binary target pointing at this release's bundle.
plugins="$output/ViperLintPlugins"
mkdir -p "$plugins/Plugins/ViperLintBuildTool"
cp BuildToolPlugin/Plugins/ViperLintBuildTool/ViperLintBuildTool.swift "$plugins/Plugins/ViperLintBuildTool/"
sed -e "s|binaryTarget(name: \"viperlint\", path: \"viperlint.artifactbundle\")|binaryTarget(name: \"viperlint\", url: \"$url_base/viperlint.artifactbundle.zip\", checksum: \"$checksum\")|" \
  BuildToolPlugin/Package.swift > "$plugins/Package.swift"
grep -q "checksum: \"$checksum\"" "$plugins/Package.swift" || fail "could not point BuildToolPlugin/Package.swift at the bundle"

(cd "$output" && sha256 viperlint-*.tar.gz viperlint.artifactbundle.zip > SHA256SUMS)
echo "release $version in $output:"
(cd "$output" && cat SHA256SUMS)
