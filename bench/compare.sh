#!/usr/bin/env bash
# Compares two builds: `bash bench/compare.sh REF [ROUNDS]` builds the commit REF in a worktree of
# its own and runs this checkout's bench/run.sh against that build and against this checkout's,
# alternately (REF, this, REF, this, ...; 2 rounds unless said), so that both meet the same
# machine. Each run's table is kept in bench/results/compare/{before,after}-N.md, and a last table
# gives each figure as its ratio to the bare server of its own run, round by round, and the ratio
# of the means after / before.
set -euo pipefail
cd "$(dirname "$0")/.."
REF=${1:?usage: bench/compare.sh REF [ROUNDS]}
ROUNDS=${2:-2}
HERE=$(pwd)
BEFORE=$(mktemp -d /tmp/linkyard-before-XXXXXX)
OUT=bench/results/compare
mkdir -p "$OUT"
trap 'git -C "$HERE" worktree remove --force "$BEFORE" >/dev/null 2>&1 || rm -rf "$BEFORE"' EXIT

git worktree add --detach "$BEFORE" "$REF" >/dev/null
# The same measurements on both builds: this checkout's scripts and seeds, and its database setup.
rm -rf "$BEFORE/bench" && cp -r bench "$BEFORE/bench" && rm -rf "$BEFORE/bench/results"
cp scripts/postgres.sh "$BEFORE/scripts/postgres.sh"
(cd "$BEFORE" && pnpm install --frozen-lockfile --silent >/dev/null && pnpm --silent build >/dev/null)

for round in $(seq 1 "$ROUNDS"); do
  for side in before after; do
    tree=$HERE
    [ "$side" = before ] && tree=$BEFORE
    echo "round $round of $ROUNDS: $side..." >&2
    BENCH_WEBHOOKS=0 bash "$tree/bench/run.sh" >/dev/null
    cp "$tree/bench/results/latest.md" "$OUT/$side-$round.md"
  done
done

node - "$OUT" "$ROUNDS" <<'JS' | tee "$OUT/summary.md"
const { readFileSync } = require('node:fs');
const [dir, rounds] = process.argv.slice(2);
// Each table row: "| what | connections | requests/s | ratio | p50 | p99 | ...". A figure is taken
// as its ratio to the bare server measured in the same run (the machine's own speed varies from
// run to run), then averaged over the rounds.
const read = (side, n) =>
  Object.fromEntries(
    readFileSync(`${dir}/${side}-${n}.md`, 'utf8')
      .split('\n')
      .filter((line) => /^\| [^-w]/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .map((cells) => [cells[1], { connections: Number(cells[2]), rps: Number(cells[3]), p99: Number(cells[6]) }]),
  );
const runs = (side) => Array.from({ length: Number(rounds) }, (_, index) => read(side, index + 1));
const baseline = (run, connections) => run[connections === 50 ? 'bare node:http 302 (baseline)' : `baseline at ${connections} connections`]?.rps
  ?? run['bare node:http 302 (baseline)'].rps;
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const before = runs('before');
const after = runs('after');
console.log(`baseline requests/s, run by run: before ${before.map((run) => baseline(run, 50)).join(', ')}; after ${after.map((run) => baseline(run, 50)).join(', ')}`);
console.log('');
console.log('| what | ratio to the bare server, before (each round) | after (each round) | after / before (means) | p99 ms before | after |');
console.log('|---|---|---|---|---|---|');
for (const what of Object.keys(after[0])) {
  if (!before[0][what] || what.startsWith('bare') || what.startsWith('baseline')) continue;
  const ratios = (side) => side.map((run) => run[what].rps / baseline(run, run[what].connections));
  const b = ratios(before);
  const a = ratios(after);
  const p99 = (side) => mean(side.map((run) => run[what].p99)).toFixed(1);
  const cells = (values) => values.map((value) => value.toFixed(4)).join(', ');
  console.log(`| ${what} | ${cells(b)} | ${cells(a)} | ${(mean(a) / mean(b)).toFixed(3)} | ${p99(before)} | ${p99(after)} |`);
}
JS
