#!/usr/bin/env bash
# Runs viperlint's libFuzzer targets (Sources/ViperLintFuzzing/FuzzTargets.swift).
#
#   Scripts/fuzz.sh [SECONDS] [TARGET...]     default: 600 seconds each, targets lint config cache objc
#
# Builds the driver with -sanitize=fuzzer into .build/fuzz, seeds each target's corpus
# (.build/fuzz-corpus/TARGET) from the fixtures, rule examples and earlier regressions, runs
# the target for SECONDS, and prints executions, coverage and crashes. A crashing input is
# copied to Tests/FuzzRegressions/TARGET/, which `swift test` replays: fix the
# bug, keep the file, commit both. Exit status: 0 when no target crashed, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(lint config cache objc)
scratch=.build/fuzz
regressions=Tests/FuzzRegressions

echo "building the fuzzing driver (release, -sanitize=fuzzer)..."
swift build -c release --product viperlint-fuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -DFUZZING >"$scratch.build.log" 2>&1 \
    || { tail -30 "$scratch.build.log"; exit 2; }
driver="$scratch/release/viperlint-fuzz"

seed() {
    local target=$1 corpus=$2
    mkdir -p "$corpus"
    case $target in
        lint|cache)
            # Swift sources (cache reads any input that is not binary facts as Swift).
            find Fixtures Sources/ViperLintCore/Rules -name '*.swift' -size -64k -print0 | xargs -0 -I{} cp {} "$corpus/" 2>/dev/null || true
            ;;
        objc)
            # Objective-C sources; a header and its implementation joined make one input too.
            find Fixtures -name '*.[hm]' -size -64k -print0 | xargs -0 -I{} cp {} "$corpus/" 2>/dev/null || true
            for header in $(find Fixtures -name '*.h'); do
                implementation=${header%.h}.m
                [ -f "$implementation" ] && { cat "$header"; printf '\n//--\n'; cat "$implementation"; } > "$corpus/pair-$(basename "${header%.h}")"
            done
            ;;
        config)
            find Fixtures Tests -name '*.json' -size -64k -print0 | xargs -0 -I{} sh -c 'cp "$1" "$2/$(echo "$1" | tr / _)"' _ {} "$corpus"
            cp rules.json "$corpus/rules.json"
            ;;
    esac
    [ -d "$regressions/$target" ] && cp "$regressions/$target"/* "$corpus/" 2>/dev/null || true
}

failed=0
for target in "${targets[@]}"; do
    corpus=.build/fuzz-corpus/$target
    artifacts=.build/fuzz-artifacts/$target
    mkdir -p "$artifacts"
    seed "$target" "$corpus"
    echo "== $target: $(ls "$corpus" | wc -l) seed inputs, $seconds s"
    log=.build/fuzz-$target.log
    set +e
    VIPERLINT_FUZZ_TARGET=$target "$driver" "$corpus" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 \
        -max_len=65536 -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1
    status=$?
    set -e
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|^#[0-9]+ *DONE' "$log" || true
    crashes=$(find "$artifacts" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
    if [ "$status" -ne 0 ] || [ "$crashes" -gt 0 ]; then
        failed=1
        mkdir -p "$regressions/$target"
        find "$artifacts" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) -exec cp {} "$regressions/$target/" \;
        echo "$target: FAILED (exit $status, $crashes inputs kept in $regressions/$target; log $log)"
        grep -E 'ERROR|Fatal error|SUMMARY' "$log" | head -5 || true
    else
        echo "$target: no crash"
    fi
done
exit $failed
