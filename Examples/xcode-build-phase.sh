# Xcode "Run Script" build phase: findings appear in the issue navigator, clickable.
# Add it after "Compile Sources"; uncheck "Based on dependency analysis" to run every build.
if command -v viperlint >/dev/null 2>&1; then
  viperlint lint "$SRCROOT" --absolute-paths --group-threshold 0 --quiet || true
else
  echo "warning: viperlint is not installed; see its README"
fi
