# Xcode "Run Script" build phase: findings appear in the issue navigator, clickable.
# Add it after "Compile Sources"; uncheck "Based on dependency analysis" to run every build.
#
# Script sandboxing (ENABLE_USER_SCRIPT_SANDBOXING, on by default since Xcode 15) keeps a
# script from reading the sources it does not declare: set it to NO for the target, or
# viperlint cannot read the project. Xcode runs scripts with a short PATH: Homebrew installs
# to /opt/homebrew/bin on Apple silicon and /usr/local/bin on Intel Macs.
export PATH="$PATH:/opt/homebrew/bin:/usr/local/bin"
if ! command -v viperlint >/dev/null 2>&1; then
  echo "warning: viperlint is not installed; see its README, Install"
  exit 0
fi
# The exit code is viperlint's: 1 when it found errors, which fails the build (the errors are
# listed in the navigator); 0 with warnings only. Not `|| true`: Xcode then reports that the
# script printed errors but succeeded.
viperlint lint "$SRCROOT" --absolute-paths --group-threshold 0 --quiet
