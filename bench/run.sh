#!/usr/bin/env bash
# One command: `pnpm bench` (or bash bench/run.sh). Starts Postgres (installing it and wrk from
# Debian when missing), the service on it and a bare node:http baseline, then measures with wrk,
# the same settings for both:
#   1. redirect: baseline 302 vs GET /{alias}, and recorded clicks vs requests answered
#   2. the statistics of a link with one million clicks (GET /l/api/url/:id), loaded and one at a time
#   3. an authenticated API read (GET /l/api/account)
# Results: bench/results/latest.md (and the raw wrk output beside it).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${BENCH_DURATION:-15s}"
CONNECTIONS="${BENCH_CONNECTIONS:-50}"
THREADS="${BENCH_THREADS:-2}"
BASE_PORT=4100
API_PORT=4101
ADMIN_KEY="lyk_bench-admin-key-0123456789abcdefghij"
UA="Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0"
OUT=bench/results
mkdir -p "$OUT"

if ! command -v wrk >/dev/null; then
  echo "Installing wrk from Debian..." >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
PG_URL=$(scripts/postgres.sh start)
psql -q "$PG_URL" -c "DROP DATABASE IF EXISTS linkyard_bench" -c "CREATE DATABASE linkyard_bench"
DB_URL="${PG_URL%/*}/linkyard_bench"

pnpm --silent build >/dev/null

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

PORT=$BASE_PORT node bench/baseline.mjs >/dev/null & pids+=($!)
DATABASE_URL="$DB_URL" PORT=$API_PORT HOST=127.0.0.1 PUBLIC_URL="http://127.0.0.1:$API_PORT" ADMIN_API_KEY="$ADMIN_KEY" LOG_LEVEL=warn \
  node apps/api/dist/main.js > "$OUT/service.log" 2>&1 & service=$!; pids+=($service)
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$API_PORT/healthz" >/dev/null && break; sleep 0.2; done

api() { curl -sf -H "Authorization: Bearer $1" -H 'Content-Type: application/json' "${@:2}"; }
USER_KEY=$(api "$ADMIN_KEY" -X POST "http://127.0.0.1:$API_PORT/l/api/user/add" \
  -d '{"username":"bench","email":"bench@example.com","password":"benchmark password","ratelimit":100000}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).data.apikey')
# The benchmark's own account may ask without limit: the rate limit is not what is measured here.
psql -q "$DB_URL" -c "UPDATE users SET ratelimit = 1000000000 WHERE username = 'bench'"
LINK=$(api "$USER_KEY" -X POST "http://127.0.0.1:$API_PORT/l/api/url/add" -d '{"url":"https://example.com/landing"}')
LINK_ID=$(node -pe "($LINK).id")
ALIAS=$(node -pe "new URL(($LINK).shorturl).pathname.slice(1)")
STATS_LINK_ID=$(api "$USER_KEY" -X POST "http://127.0.0.1:$API_PORT/l/api/url/add" -d '{"url":"https://example.com/popular"}' | node -pe 'JSON.parse(require("fs").readFileSync(0)).id')

run_wrk() { # name url [extra wrk args]
  local name=$1 url=$2; shift 2
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "User-Agent: $UA" "$@" "$url" > "$OUT/$name.txt"
}
field() { # name what -> number
  local file="$OUT/$1.txt"
  case $2 in
    rps) awk '/^Requests\/sec/ {print $2}' "$file" ;;
    requests) awk '/requests in/ {print $1}' "$file" ;;
    p50) awk '$1=="50%" {print $2}' "$file" ;;
    p99) awk '$1=="99%" {print $2}' "$file" ;;
    errors) awk '/Non-2xx or 3xx/ {print $5}' "$file" | sed 's/^$/0/' ;;
  esac
}

echo "Warming up..." >&2
wrk -t1 -c10 -d3s "http://127.0.0.1:$BASE_PORT/x" >/dev/null
wrk -t1 -c10 -d3s -H "User-Agent: $UA" "http://127.0.0.1:$API_PORT/$ALIAS" >/dev/null
sleep 2
CLICKS_BEFORE=$(psql -tA "$DB_URL" -c "SELECT count(*) FROM clicks WHERE link_id = $LINK_ID")

echo "Redirect: baseline, then Linkyard ($THREADS threads, $CONNECTIONS connections, $DURATION each)..." >&2
run_wrk baseline "http://127.0.0.1:$BASE_PORT/x"
run_wrk redirect "http://127.0.0.1:$API_PORT/$ALIAS"
sleep 3 # one flush interval and more
CLICKS_AFTER=$(psql -tA "$DB_URL" -c "SELECT count(*) FROM clicks WHERE link_id = $LINK_ID")
RECORDED=$((CLICKS_AFTER - CLICKS_BEFORE))
RSS_KB=$(ps -o rss= -p "$service" | tr -d ' ')

echo "Seeding one million clicks..." >&2
psql -q "$DB_URL" -v link_id="$STATS_LINK_ID" -f bench/seed-clicks.sql
psql -q "$DB_URL" -c "ANALYZE"
echo "Statistics read and authenticated API read..." >&2
run_wrk stats "http://127.0.0.1:$API_PORT/l/api/url/$STATS_LINK_ID" -H "Authorization: Bearer $USER_KEY"
# One request at a time: the latency of a single statistics read, without queueing behind others.
run_wrk stats_single "http://127.0.0.1:$API_PORT/l/api/url/$STATS_LINK_ID" -H "Authorization: Bearer $USER_KEY" -t1 -c1
run_wrk account "http://127.0.0.1:$API_PORT/l/api/account" -H "Authorization: Bearer $USER_KEY"
STATS_CLICKS=$(api "$USER_KEY" "http://127.0.0.1:$API_PORT/l/api/url/$STATS_LINK_ID" | node -pe 'JSON.parse(require("fs").readFileSync(0)).data.clicks')

RATIO=$(node -pe "($(field redirect rps) / $(field baseline rps)).toFixed(2)")
{
  echo "# Benchmark results ($(date -u +'%Y-%m-%d %H:%M UTC'))"
  echo
  echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo); Node $(node -v); PostgreSQL $(psql -tA "$PG_URL" -c 'SHOW server_version'); wrk -t$THREADS -c$CONNECTIONS -d$DURATION."
  echo
  echo "| run | requests/s | p50 | p99 | requests | non-2xx/3xx |"
  echo "|---|---|---|---|---|---|"
  for name in baseline redirect stats stats_single account; do
    echo "| $name | $(field $name rps) | $(field $name p50) | $(field $name p99) | $(field $name requests) | $(field $name errors) |"
  done
  echo
  echo "- Redirect throughput: **$RATIO** of the bare node:http baseline."
  echo "- Clicks recorded during the redirect run: $RECORDED, requests answered: $(field redirect requests)."
  echo "- Service memory after the redirect run: $((RSS_KB / 1024)) MiB RSS."
  echo "- Statistics read for a link with $STATS_CLICKS clicks, one request at a time: p50 $(field stats_single p50), p99 $(field stats_single p99); under $CONNECTIONS connections: p50 $(field stats p50), p99 $(field stats p99)."
} | tee "$OUT/latest.md"
