#!/bin/bash
# `viperlint fix` on an app as a user would meet it with other line breaks (issue 42):
#   Benchmarks/fix_line_endings.sh APP_DIR [BINARY]
# copies the app three times into fresh git repositories (as it is, every Swift file with CRLF,
# every Swift file with lone CRs), runs `fix` in each, and checks that the CRLF and CR results,
# with their breaks read as LF, are byte for byte the LF result, and that `git diff --numstat`
# of the CRLF copy is the LF copy's. Writes under /tmp/eol; never into the app.
set -u
app=$(cd "$1" && pwd); bin=$(realpath "${2:-$(dirname "$0")/../.build/release/viperlint}"); out=/tmp/eol/$(basename $app); rm -rf $out; mkdir -p $out
for mode in lf crlf cr; do
  d=$out/$mode; mkdir -p $d; (cd $app && git ls-files -z | xargs -0 -I{} cp --parents {} $d/ 2>/dev/null)
  cd $d; git init -q; 
  if [ $mode != lf ]; then
    find . -name '*.swift' -not -path './.git/*' -print0 | while IFS= read -r -d '' f; do
      python3 - "$f" "$mode" <<'PY'
import sys
p,m=sys.argv[1],sys.argv[2]
b=open(p,'rb').read().replace(b'\r\n',b'\n')
b=b.replace(b'\n',b'\r\n' if m=='crlf' else b'\r')
open(p,'wb').write(b)
PY
    done
  fi
  git add -A >/dev/null 2>&1; git -c user.name=x -c user.email=x@x commit -qm base
  $bin fix . --no-cache > ../$mode-fix.txt 2>&1
  git diff --numstat > ../$mode-numstat.txt
  cd - >/dev/null
done
# normalize each mode's fixed swift files to LF and compare with lf
for mode in crlf cr; do
  diffs=0
  while IFS= read -r -d '' f; do
    python3 - "$out/lf/$f" "$out/$mode/$f" <<'PY' || diffs=$((diffs+1))
import sys
a=open(sys.argv[1],'rb').read(); b=open(sys.argv[2],'rb').read()
b=b.replace(b'\r\n',b'\n').replace(b'\r',b'\n')
sys.exit(0 if a==b else 1)
PY
  done < <(cd $out/lf && find . -name '*.swift' -not -path './.git/*' -print0)
  echo "$mode: files differing from the LF run after normalising: $diffs; fix summary: $(tail -1 $out/$mode-fix.txt)"
done
echo "lf: $(tail -1 $out/lf-fix.txt)"
echo "crlf numstat same as lf: $(cmp -s $out/lf-numstat.txt $out/crlf-numstat.txt && echo yes || echo no)"
