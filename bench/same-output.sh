#!/usr/bin/env bash
# Usage: bash bench/same-output.sh BASE_COMMIT   (from the repository's root)
# Proves a change leaves the output as it was: builds the shipped site and a generated
# 1,000-article site with BASE_COMMIT's code and with the working tree (committed or not), each
# copied in turn to the same path (esbuild's asset names depend on where the code lies), and
# compares the outputs byte for byte (_legalsite/changes.json, which records the build's time, left
# out). Prints "shipped: IDENTICAL" and "gen: IDENTICAL", or the differing files and exits 1.
# KEEP=1 keeps the temp folder. See docs/performance.md (Comparing two versions).
set -euo pipefail
base=$1
here=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/same-output.XXXX")
root="$work/legalsite"
node --import tsx "$here/bench/generate-corpus.ts" --out "$work/gen/content" --articles 1000 --seed 1 >/dev/null
for side in base here; do
  rm -rf "$root"; mkdir -p "$root"
  if [ $side = base ]; then git -C "$here" archive "$base" | tar -x -C "$root"; else (cd "$here" && git ls-files -co --exclude-standard -z | grep -zv '^node_modules$' | xargs -0 cp --parents -t "$root" 2>/dev/null || true); fi
  ln -s "$here/node_modules" "$root/node_modules"
  # What npm run build does: tsc, then (since the fifteenth session) the bundles the CLI runs.
  (cd "$root" && { npx tsc -p tsconfig.json >/dev/null 2>&1 || true; } && if [ -f scripts/bundle-lib.mjs ]; then node scripts/bundle-lib.mjs; fi)
  (cd "$root" && node bin/legalsite.js build --quiet --no-cache --out "$work/$side-shipped")
  # The base side's build writes the generated site's id file; the working tree's build reads it.
  (cd "$work/gen" && node "$root/bin/legalsite.js" build --quiet --no-cache --content content --out "$work/$side-gen")
done
status=0
for s in shipped gen; do
  if diff -rq -x changes.json "$work/base-$s" "$work/here-$s"; then echo "$s: IDENTICAL"; else status=1; fi
done
[ -n "${KEEP:-}" ] && { echo "kept $work"; exit $status; }
rm -rf "$work"
exit $status
