#!/usr/bin/env bash
# WORKERS: the redirect (GET /{alias} with a browser's user agent: each request a counted click) of
# Linkyard on PostgreSQL with one worker and with two, beside the bare node:http baseline with one
# process and with two (node:cluster, bench/baseline.mjs), in one run with one load generator
# (wrk). Nothing is pinned: the processes and wrk share every core, as a server's would with its
# load balancer elsewhere. Run by bench/run.sh (BENCH_WORKERS=0 leaves it out), or alone.
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${BENCH_DURATION:-10s}"
CONNECTIONS="${BENCH_CONNECTIONS:-50}"
PORT=4110
ADMIN_KEY="lyk_bench-admin-key-0123456789abcdefghij"
UA="Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0"
OUT=bench/results
mkdir -p "$OUT"
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
PG_URL=$(scripts/postgres.sh start)
[ -f apps/api/dist/main.js ] || pnpm --silent build >/dev/null

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT
wait_healthy() { for _ in $(seq 1 150); do curl -sf "http://127.0.0.1:$PORT/$1" >/dev/null 2>&1 && return 0; sleep 0.2; done; return 1; }
rps() { awk '/^Requests\/sec/ {printf "%d", $2}' "$OUT/$1.txt"; }
p99() { awk '$1=="99%" { v=$2; if (v ~ /us$/) { sub(/us$/,"",v); v/=1000 } else if (v ~ /ms$/) { sub(/ms$/,"",v) } else if (v ~ /s$/) { sub(/s$/,"",v); v*=1000 } printf "%.1f", v }' "$OUT/$1.txt"; }
run_wrk() { # name path
  wrk -t1 -c10 -d2s -H "User-Agent: $UA" "http://127.0.0.1:$PORT$2" >/dev/null
  wrk -t1 -c"$CONNECTIONS" -d"$DURATION" --latency -H "User-Agent: $UA" "http://127.0.0.1:$PORT$2" > "$OUT/$1.txt"
}

for n in 1 2; do
  echo "Baseline, $n process(es)..." >&2
  env PORT=$PORT WORKERS=$n node bench/baseline.mjs >/dev/null & pids+=($!)
  sleep 0.7
  run_wrk "workers-baseline-$n" /x
  kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true
done

psql -q "$PG_URL" -c "DROP DATABASE IF EXISTS linkyard_workers" -c "CREATE DATABASE linkyard_workers"
DB_URL="$(scripts/postgres.sh socket-url linkyard_workers)"
for n in 1 2; do
  echo "Linkyard on PostgreSQL, WORKERS=$n..." >&2
  env DATABASE_URL="$DB_URL" WORKERS=$n PORT=$PORT HOST=127.0.0.1 PUBLIC_URL="http://127.0.0.1:$PORT" ADMIN_API_KEY="$ADMIN_KEY" \
    LOG_LEVEL=warn sh apps/api/bin/linkyard-api >> "$OUT/service-workers.log" 2>&1 & pids+=($!)
  wait_healthy healthz
  if [ "$n" = 1 ]; then
    alias=$(curl -sf -H "Authorization: Bearer $ADMIN_KEY" -H 'Content-Type: application/json' -X POST \
      "http://127.0.0.1:$PORT/l/api/url/add" -d '{"url":"https://example.com/landing"}' | node -pe 'new URL(JSON.parse(require("fs").readFileSync(0)).shorturl).pathname.slice(1)')
  fi
  run_wrk "workers-linkyard-$n" "/$alias"
  kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true
done

b1=$(rps workers-baseline-1); b2=$(rps workers-baseline-2); l1=$(rps workers-linkyard-1); l2=$(rps workers-linkyard-2)
ratio() { node -pe "($1 / $2).toFixed(2)"; }
cat <<REPORT

## WORKERS: the redirect with one and two processes ($(nproc) cores, nothing pinned; $CONNECTIONS connections, $DURATION)

| server | requests/s | p99 ms | ratio to the baseline of as many processes |
|---|---|---|---|
| baseline, 1 process | $b1 | $(p99 workers-baseline-1) | 1.00 |
| baseline, 2 processes (node:cluster) | $b2 | $(p99 workers-baseline-2) | 1.00 |
| Linkyard, WORKERS=1 | $l1 | $(p99 workers-linkyard-1) | $(ratio "$l1" "$b1") |
| Linkyard, WORKERS=2 | $l2 | $(p99 workers-linkyard-2) | $(ratio "$l2" "$b2") |

Two workers against one: Linkyard $(ratio "$l2" "$l1")×, the baseline $(ratio "$b2" "$b1")×.
REPORT
