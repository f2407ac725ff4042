#!/usr/bin/env bash
# Renders a fixture's HTML dashboard in headless Chromium (Debian's `chromium` package) to a
# PNG, for looking at it:
#
#   Scripts/dashboard-screenshot.sh [FIXTURE] [OUT.png] [HEIGHT]
#
# Default: ClassicVIPER, .build/dashboard-ClassicVIPER.png, 2600 pixels tall. The page is
# opened from a file with networking off, so anything it tried to fetch would be missing.
set -euo pipefail
cd "$(dirname "$0")/.."
fixture=${1:-ClassicVIPER}
out=${2:-.build/dashboard-$fixture.png}
height=${3:-2600}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$browser" ] || { echo "needs Chromium: apt-get install chromium" >&2; exit 2; }

swift build --product viperlint >/dev/null
html=$(mktemp -d)/dashboard.html
status=0
.build/debug/viperlint lint "Fixtures/$fixture" --quiet --report "html:$html" >/dev/null || status=$?
[ "$status" -le 1 ] || { echo "viperlint failed with exit $status" >&2; exit 2; }
mkdir -p "$(dirname "$out")"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --proxy-server=127.0.0.1:9 \
    --window-size=1200,"$height" --screenshot="$(realpath -m "$out")" "file://$html" >/dev/null 2>&1
echo "wrote $out from $html"
