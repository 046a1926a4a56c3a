#!/usr/bin/env bash
# One command: `pnpm bench` (or bash bench/run.sh). In one run, with one load generator (wrk):
#   - the baseline: a bare node:http server answering a 302;
#   - the redirect's answer alone: a bare node:http server sending the service's own 302, header
#     for header, captured from the service during its run (bench/answer-floor.mjs);
#   - Linkyard on PostgreSQL, then on the embedded database (PGlite), each:
#       redirect (GET /{alias}, a browser user agent: every request is a counted click), a public
#       bio page (GET /{alias} of a page of 13 blocks: every request is a counted visit),
#       GET /l/api/account, GET /l/api/urls (15 links), GET /l/api/url/:id (a link with 300,000
#       clicks), GET /l/api/domains, POST /l/api/url/add, POST /l/api/url/bulk (1,000 links a
#       call), GET /l/api/urls/export of every link made, and the service's memory after the run.
# Every figure is printed as a ratio to the baseline measured in the same run, and the API's reads
# also as a share of the stack's floor (NestJS on Fastify with one statement, measured in the same
# run: bench/framework-floor.mjs). With two cores or more the server runs on core 0 and wrk on core
# 1 (taskset); with one, both share it (said in the output). PostgreSQL and wrk are installed from Debian when missing.
# Results: bench/results/latest.md (and the raw wrk output beside it).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION="${BENCH_DURATION:-10s}"
# Rounds of the plain, click-limited and A/B redirects in turn (PostgreSQL).
ROUNDS="${BENCH_ROUNDS:-3}"
[ "$ROUNDS" -ge 1 ] 2>/dev/null || { echo "BENCH_ROUNDS must be a whole number from 1" >&2; exit 2; }
CONNECTIONS="${BENCH_CONNECTIONS:-50}"
API_CONNECTIONS="${BENCH_API_CONNECTIONS:-20}"
STATS_CLICKS="${BENCH_STATS_CLICKS:-300000}"
SERIES_CLICKS="${BENCH_SERIES_CLICKS:-10000000}"
# Seconds the service is left idle after its run before its memory is read again.
SETTLE="${BENCH_SETTLE:-60}"
BASE_PORT=4100
API_PORT=4101
FLOOR_PORT=4102
ANSWER_PORT=4103
ADMIN_KEY="lyk_bench-admin-key-0123456789abcdefghij"
UA="Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0"
OUT=bench/results
mkdir -p "$OUT"

if ! command -v wrk >/dev/null; then
  echo "Installing wrk from Debian..." >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then
  SERVER=(taskset -c 0)
  LOAD=(taskset -c 1)
  LAYOUT="server on core 0, wrk on core 1 (taskset); PostgreSQL unpinned"
else
  SERVER=()
  LOAD=()
  LAYOUT="one core (or no taskset): server, wrk and PostgreSQL share it, so the figures are lower than on two"
fi
echo "Layout: $LAYOUT" >&2

# The service as `pnpm start` runs it (apps/api/bin/linkyard-api: its memory settings); a build
# from before that file (bench/compare.sh's older side) as it ran then.
SERVICE=(sh apps/api/bin/linkyard-api)
[ -f apps/api/bin/linkyard-api ] || SERVICE=(node apps/api/dist/main.js)

PG_URL=$(scripts/postgres.sh start)
pnpm --silent build >/dev/null

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

wait_listening() { for _ in $(seq 1 150); do curl -s -o /dev/null "http://127.0.0.1:$1/" && return 0; sleep 0.2; done; return 1; }
wait_healthy() { for _ in $(seq 1 150); do curl -sf "http://127.0.0.1:$1/healthz" >/dev/null && return 0; sleep 0.2; done; return 1; }
api() { curl -sf -H "Authorization: Bearer $1" -H 'Content-Type: application/json' "${@:2}"; }
json() { node -pe "const v = JSON.parse(require('fs').readFileSync(0)); $1"; }

run_wrk() { # name connections url [extra wrk args]
  local name=$1 connections=$2 url=$3; shift 3
  "${LOAD[@]}" wrk -t1 -c"$connections" -d"$DURATION" --latency -H "User-Agent: $UA" "$@" "$url" > "$OUT/$name.txt"
}
field() { # name what -> number (latencies in ms)
  local file="$OUT/$1.txt"
  case $2 in
    rps) awk '/^Requests\/sec/ {print $2}' "$file" ;;
    requests) awk '/requests in/ {print $1}' "$file" ;;
    p50 | p99)
      awk -v q="${2#p}%" '$1==q { v=$2; if (v ~ /us$/) { sub(/us$/,"",v); v/=1000 } else if (v ~ /ms$/) { sub(/ms$/,"",v) } else if (v ~ /s$/) { sub(/s$/,"",v); v*=1000 } printf "%.2f", v }' "$file" ;;
    errors) awk '/Non-2xx or 3xx/ {print $5}' "$file" | sed 's/^$/0/' | grep . || echo 0 ;;
  esac
}

echo "Baseline..." >&2
"${SERVER[@]}" env PORT=$BASE_PORT node bench/baseline.mjs >/dev/null & pids+=($!)
sleep 0.5
"${LOAD[@]}" wrk -t1 -c10 -d2s "http://127.0.0.1:$BASE_PORT/x" >/dev/null
run_wrk baseline "$CONNECTIONS" "http://127.0.0.1:$BASE_PORT/x"
run_wrk baseline_api "$API_CONNECTIONS" "http://127.0.0.1:$BASE_PORT/x"
kill "${pids[-1]}"

# The stack's floor: NestJS on its Fastify adapter answering one route with none of Linkyard's work
# (bench/framework-floor.mjs), without and with one prepared statement on the same PostgreSQL.
echo "The stack's floor..." >&2
"${SERVER[@]}" env PORT=$FLOOR_PORT DATABASE_URL="$(scripts/postgres.sh socket-url postgres)" node bench/framework-floor.mjs >/dev/null & pids+=($!)
wait_listening $FLOOR_PORT
"${LOAD[@]}" wrk -t1 -c10 -d2s -H 'Authorization: floor' "http://127.0.0.1:$FLOOR_PORT/floor/db" >/dev/null
run_wrk floor "$API_CONNECTIONS" "http://127.0.0.1:$FLOOR_PORT/floor" -H 'Authorization: floor'
run_wrk floor_db "$API_CONNECTIONS" "http://127.0.0.1:$FLOOR_PORT/floor/db" -H 'Authorization: floor'
kill "${pids[-1]}"

# bench_database NAME: the service on that database, every measurement, then its memory.
bench_database() {
  local db=$1 env_db data_dir=""
  if [ "$db" = postgres ]; then
    psql -q "$PG_URL" -c "DROP DATABASE IF EXISTS linkyard_bench" -c "CREATE DATABASE linkyard_bench"
    # Through the server's Unix socket, as a database on the service's own machine is best reached
    # (docs/deployment.md): TCP on loopback cost about a quarter of an API read's throughput.
    env_db=(DATABASE_URL="$(scripts/postgres.sh socket-url linkyard_bench)")
  else
    data_dir=$(mktemp -d /tmp/linkyard-bench-XXXXXX)
    env_db=(DATA_DIR="$data_dir")
  fi
  start() {
    "${SERVER[@]}" env "${env_db[@]}" PORT=$API_PORT HOST=127.0.0.1 PUBLIC_URL="http://127.0.0.1:$API_PORT" ADMIN_API_KEY="$ADMIN_KEY" \
      LOG_LEVEL=warn "${SERVICE[@]}" >> "$OUT/service-$db.log" 2>&1 &
    service=$!
    pids+=($service)
    wait_healthy $API_PORT
  }
  : > "$OUT/service-$db.log"
  start
  # The memory of the first start on a new database, as a self-hoster's first `pnpm start` has it.
  ps -o rss= -p "$service" | tr -d ' ' > "$OUT/$db-first-rss.txt"

  local user_key link_id alias stats_id series_id
  user_key=$(api "$ADMIN_KEY" -X POST "http://127.0.0.1:$API_PORT/l/api/user/add" \
    -d '{"username":"bench","email":"bench@example.com","password":"benchmark password","ratelimit":100000}' | json 'v.data.apikey')
  # The benchmark's account may ask without limit (the rate limit is not what is measured): set
  # before its key is first used, so no instance has the old limit cached.
  if [ "$db" = postgres ]; then
    psql -q "${PG_URL%/*}/linkyard_bench" -c "UPDATE users SET ratelimit = 1000000000 WHERE username = 'bench'"
  else
    kill "$service"; wait "$service" 2>/dev/null || true
    node bench/seed-embedded.mjs "$data_dir" "UPDATE users SET ratelimit = 1000000000 WHERE username = 'bench'"
    start
  fi
  local link
  link=$(api "$user_key" -X POST "http://127.0.0.1:$API_PORT/l/api/url/add" -d '{"url":"https://example.com/landing"}')
  link_id=$(echo "$link" | json 'v.id')
  alias=$(echo "$link" | json 'new URL(v.shorturl).pathname.slice(1)')
  stats_id=$(api "$user_key" -X POST "http://127.0.0.1:$API_PORT/l/api/url/add" -d '{"url":"https://example.com/popular"}' | json 'v.id')
  series_id=$(api "$user_key" -X POST "http://127.0.0.1:$API_PORT/l/api/url/add" -d '{"url":"https://example.com/year"}' | json 'v.id')
  for n in $(seq 1 13); do api "$user_key" -X POST "http://127.0.0.1:$API_PORT/l/api/url/add" -d "{\"url\":\"https://example.com/page-$n\"}" >/dev/null; done
  for n in 1 2 3; do api "$user_key" -X POST "http://127.0.0.1:$API_PORT/l/api/domain/add" -d "{\"domain\":\"https://go$n.example.com\"}" >/dev/null; done

  echo "$db: seeding $STATS_CLICKS clicks, and the rollups of $SERIES_CLICKS over a year..." >&2
  if [ "$db" = postgres ]; then
    psql -q "${PG_URL%/*}/linkyard_bench" -v link_id="$stats_id" -v count="$STATS_CLICKS" -f bench/seed-clicks.sql
    psql -q "${PG_URL%/*}/linkyard_bench" -v link_id="$series_id" -v count="$SERIES_CLICKS" -f bench/seed-series.sql
  else
    kill "$service"; wait "$service" 2>/dev/null || true
    node bench/seed-embedded.mjs "$data_dir" "$(sed -e "s/:link_id/$stats_id/g" -e "s/:count/$STATS_CLICKS/g" bench/seed-clicks.sql)
      $(sed -e "s/:link_id/$series_id/g" -e "s/:count/$SERIES_CLICKS/g" bench/seed-series.sql)"
    start
  fi

  echo "$db: redirect..." >&2
  run_wrk "$db-warmup" 10 "http://127.0.0.1:$API_PORT/$alias" -d2s
  sleep 2
  local before after
  before=$(api "$user_key" "http://127.0.0.1:$API_PORT/l/api/url/$link_id" | json 'v.data.clicks')
  run_wrk "$db-redirect" "$CONNECTIONS" "http://127.0.0.1:$API_PORT/$alias"
  sleep 3 # the recorder's flush interval, and more
  after=$(api "$user_key" "http://127.0.0.1:$API_PORT/l/api/url/$link_id" | json 'v.data.clicks')
  echo "$((after - before))" > "$OUT/$db-recorded.txt"
  if [ "$db" = postgres ]; then
    # The redirect's answer alone (bench/answer-floor.mjs): a bare node:http server sending the
    # 302 the service just sent, header for header, with none of the service's work behind it.
    echo "The redirect's answer alone..." >&2
    curl -s -o /dev/null -D "$OUT/redirect-answer.txt" -H "User-Agent: $UA" "http://127.0.0.1:$API_PORT/$alias"
    "${SERVER[@]}" env PORT=$ANSWER_PORT node bench/answer-floor.mjs "$OUT/redirect-answer.txt" >/dev/null & pids+=($!)
    wait_listening $ANSWER_PORT
    "${LOAD[@]}" wrk -t1 -c10 -d2s "http://127.0.0.1:$ANSWER_PORT/x" >/dev/null
    run_wrk answer_floor "$CONNECTIONS" "http://127.0.0.1:$ANSWER_PORT/x"
    kill "${pids[-1]}"
  fi

  if [ "$db" = postgres ]; then
    # A link with a click limit it does not reach and a start date passed: its redirect beside the plain one.
    echo "$db: redirect of a link with a click limit and a start date..." >&2
    local limited
    limited=$(api "$user_key" -X POST "http://127.0.0.1:$API_PORT/l/api/url/add" \
      -d "{\"url\":\"https://example.com/limited\",\"clicklimit\":2000000000,\"startdate\":\"$(date -u -d '1 day ago' '+%Y-%m-%d %H:%M:%S')\"}" |
      json 'new URL(v.shorturl).pathname.slice(1)')
    run_wrk "$db-limited-warmup" 10 "http://127.0.0.1:$API_PORT/$limited" -d2s
    sleep 2

    # A link split between three destinations: each visit hashes its visitor key to pick one (wrk
    # is one visitor, so always the same variant: the work per visit is the same for any visitor).
    echo "$db: redirect of an A/B link..." >&2
    local split
    split=$(api "$user_key" -X POST "http://127.0.0.1:$API_PORT/l/api/url/add" \
      -d '{"url":"https://example.com/a","variants":[{"url":"https://example.com/a","weight":34},{"url":"https://example.com/b","weight":33},{"url":"https://example.com/c","weight":33}]}' |
      json 'new URL(v.shorturl).pathname.slice(1)')
    run_wrk "$db-split-warmup" 10 "http://127.0.0.1:$API_PORT/$split" -d2s
    sleep 2
    # The plain, the limited and the split link in turn, ROUNDS times: one run of each after the
    # other measured the machine's drift (the recorder's backlog, the database's own work) as much
    # as the links; their means compared are the links'.
    local round
    for round in $(seq 1 "$ROUNDS"); do
      local kind
      for kind in plain limited split; do
        local target=$alias
        [ $kind = limited ] && target=$limited
        [ $kind = split ] && target=$split
        run_wrk "$db-$kind-r$round" "$CONNECTIONS" "http://127.0.0.1:$API_PORT/$target"
        sleep 3
      done
    done
    for kind in plain limited split; do
      for round in $(seq 1 "$ROUNDS"); do field "$db-$kind-r$round" rps; done |
        awk '{ sum += $1 } END { printf "%.0f\n", sum / NR }' > "$OUT/$db-$kind-mean.txt"
    done
  fi

  echo "$db: public bio page..." >&2
  # A page as creators make them: an avatar, a title, a few lines, eight buttons with icons, a
  # heading, a paragraph, four social profiles, a video and an e-mail button (bench/bio-page.json).
  local bio bio_id bio_alias
  bio=$(api "$user_key" -X POST "http://127.0.0.1:$API_PORT/l/api/bio/add" -d @bench/bio-page.json)
  bio_id=$(echo "$bio" | json 'v.id')
  bio_alias=$(echo "$bio" | json 'v.details.alias')
  run_wrk "$db-bio-warmup" 10 "http://127.0.0.1:$API_PORT/$bio_alias" -d2s
  sleep 2
  before=$(api "$user_key" "http://127.0.0.1:$API_PORT/l/api/bio/$bio_id" | json 'v.details.visits')
  run_wrk "$db-bio" "$CONNECTIONS" "http://127.0.0.1:$API_PORT/$bio_alias"
  sleep 3
  after=$(api "$user_key" "http://127.0.0.1:$API_PORT/l/api/bio/$bio_id" | json 'v.details.visits')
  echo "$((after - before)) $(ps -o rss= -p "$service" | tr -d ' ') $(curl -s "http://127.0.0.1:$API_PORT/$bio_alias" | wc -c)" > "$OUT/$db-bio-visits.txt"

  echo "$db: API reads..." >&2
  local auth=(-H "Authorization: Bearer $user_key")
  run_wrk "$db-account" "$API_CONNECTIONS" "http://127.0.0.1:$API_PORT/l/api/account" "${auth[@]}"
  run_wrk "$db-urls" "$API_CONNECTIONS" "http://127.0.0.1:$API_PORT/l/api/urls" "${auth[@]}"
  run_wrk "$db-url" "$API_CONNECTIONS" "http://127.0.0.1:$API_PORT/l/api/url/$stats_id" "${auth[@]}"
  run_wrk "$db-domains" "$API_CONNECTIONS" "http://127.0.0.1:$API_PORT/l/api/domains" "${auth[@]}"
  # One client at a time: the time one answer takes.
  run_wrk "$db-series" 1 "http://127.0.0.1:$API_PORT/l/api/url/$series_id/stats?interval=hour&from=$(date -u -d '365 days ago' +%Y-%m-%d)" "${auth[@]}"
  run_wrk "$db-add" "$API_CONNECTIONS" "http://127.0.0.1:$API_PORT/l/api/url/add" "${auth[@]}" -s bench/url-add.lua
  # Four callers, each sending 1,000 links a call: links/s is 1,000 times the calls per second.
  run_wrk "$db-bulk" 4 "http://127.0.0.1:$API_PORT/l/api/url/bulk" "${auth[@]}" -s bench/url-bulk.lua
  # The whole account exported (every link made above), one download: links per second.
  local links export_s
  links=$(api "$user_key" "http://127.0.0.1:$API_PORT/l/api/urls?limit=1" | json 'v.data.result')
  export_s=$("${LOAD[@]}" curl -sf -o /dev/null -w '%{time_total}' -H "Authorization: Bearer $user_key" "http://127.0.0.1:$API_PORT/l/api/urls/export")
  echo "$links $export_s" > "$OUT/$db-export.txt"
  echo "$(ps -o rss= -p "$service" | tr -d ' ')" > "$OUT/$db-rss.txt"
  # And once the load has stopped for a while: what the garbage collector gives back when idle.
  sleep "$SETTLE"
  echo "$(ps -o rss= -p "$service" | tr -d ' ')" > "$OUT/$db-settled-rss.txt"
  api "$user_key" "http://127.0.0.1:$API_PORT/l/api/url/$stats_id" | json 'v.data.clicks' > "$OUT/$db-stats-clicks.txt"
  kill "$service"; wait "$service" 2>/dev/null || true
  [ -n "$data_dir" ] && rm -rf "$data_dir"
  return 0
}

bench_database postgres
bench_database embedded

ratio() { node -pe "($1 / $2).toFixed(2)"; }
base=$(field baseline rps)
base_api=$(field baseline_api rps)
{
  echo "# Benchmark results ($(date -u +'%Y-%m-%d %H:%M UTC'))"
  echo
  echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo); Node $(node -v); PostgreSQL $(psql -tA "$PG_URL" -c 'SHOW server_version'); wrk -t1, $DURATION each. Layout: $LAYOUT."
  echo
  echo "| what | connections | requests/s | ratio to baseline | p50 ms | p99 ms | non-2xx/3xx | goal |"
  echo "|---|---|---|---|---|---|---|---|"
  echo "| bare node:http 302 (baseline) | $CONNECTIONS | $base | 1.00 | $(field baseline p50) | $(field baseline p99) | 0 | - |"
  echo "| baseline at $API_CONNECTIONS connections | $API_CONNECTIONS | $base_api | 1.00 | $(field baseline_api p50) | $(field baseline_api p99) | 0 | - |"
  echo "| the redirect's answer alone: node:http sending the service's 302, header for header | $CONNECTIONS | $(field answer_floor rps) | $(ratio "$(field answer_floor rps)" "$base") | $(field answer_floor p50) | $(field answer_floor p99) | 0 | - |"
  echo "| the stack's floor: NestJS on Fastify, one guard, a fixed answer | $API_CONNECTIONS | $(field floor rps) | $(ratio "$(field floor rps)" "$base_api") | $(field floor p50) | $(field floor p99) | $(field floor errors) | - |"
  echo "| the stack's floor with one prepared statement (PostgreSQL) | $API_CONNECTIONS | $(field floor_db rps) | $(ratio "$(field floor_db rps)" "$base_api") | $(field floor_db p50) | $(field floor_db p99) | $(field floor_db errors) | - |"
  row() { # db name label connections baseline goal
    echo "| $3 ($1) | $4 | $(field "$1-$2" rps) | $(ratio "$(field "$1-$2" rps)" "$5") | $(field "$1-$2" p50) | $(field "$1-$2" p99) | $(field "$1-$2" errors) | $6 |"
  }
  for db in postgres embedded; do
    if [ $db = postgres ]; then goal="≥ 0.45, p99 < 10 ms"; else goal="≥ 0.35, p99 < 15 ms"; fi
    row $db redirect "redirect" "$CONNECTIONS" "$base" "$goal"
    row $db bio "public bio page (13 blocks)" "$CONNECTIONS" "$base" "≥ half the redirect's: $(node -pe "($(field "$db-redirect" rps) / $base / 2).toFixed(2)")"
    row $db account "GET /l/api/account" "$API_CONNECTIONS" "$base_api" "≥ 0.15"
    row $db urls "GET /l/api/urls (15 links)" "$API_CONNECTIONS" "$base_api" "≥ 0.08"
    row $db url "GET /l/api/url/:id ($(cat "$OUT/$db-stats-clicks.txt") clicks)" "$API_CONNECTIONS" "$base_api" "≥ 0.05"
    row $db domains "GET /l/api/domains" "$API_CONNECTIONS" "$base_api" "≥ 0.15"
    row $db add "POST /l/api/url/add" "$API_CONNECTIONS" "$base_api" "≥ 2,500 links/s"
    row $db series "GET /l/api/url/:id/stats, a year by hour ($SERIES_CLICKS clicks)" 1 "$base_api" "p99 < 50 ms"
  done
  echo
  plain=$(cat "$OUT/postgres-plain-mean.txt")
  echo "- Redirects in turn, $ROUNDS rounds each (PostgreSQL, $CONNECTIONS connections), mean requests/s: plain link $plain; a link with a click limit and a start date $(cat "$OUT/postgres-limited-mean.txt"), $(ratio "$(cat "$OUT/postgres-limited-mean.txt")" "$plain") of the plain one's; an A/B link of three variants $(cat "$OUT/postgres-split-mean.txt"), $(ratio "$(cat "$OUT/postgres-split-mean.txt")" "$plain") of it (goal for both: ≥ 0.9). Rounds: $(for kind in plain limited split; do echo -n "$kind"; for round in $(seq 1 "$ROUNDS"); do echo -n " $(field "postgres-$kind-r$round" rps)"; done; echo -n '; '; done)answers not 2xx/3xx (goal: 0): $(for kind in plain limited split; do for round in $(seq 1 "$ROUNDS"); do field "postgres-$kind-r$round" errors; done; done | awk '{ sum += $1 } END { print sum }'); p99 ms of the last round: plain $(field "postgres-plain-r$ROUNDS" p99), limited $(field "postgres-limited-r$ROUNDS" p99), A/B $(field "postgres-split-r$ROUNDS" p99)."
  answer=$(field answer_floor rps)
  echo "- The redirect as a share of its answer alone (its $(($(grep -c ':' "$OUT/redirect-answer.txt") - 3)) headers, $answer requests/s): PostgreSQL $(ratio "$(field postgres-redirect rps)" "$answer"), embedded $(ratio "$(field embedded-redirect rps)" "$answer"). What is short of 1 is Linkyard's own work on a redirect: the lookup, the visit's analysis and the click's recording and writing."
  floor_db=$(field floor_db rps)
  echo "- The API's reads on PostgreSQL as a share of the stack's floor with one statement ($floor_db requests/s): /account $(ratio "$(field postgres-account rps)" "$floor_db"), /domains $(ratio "$(field postgres-domains rps)" "$floor_db"), /urls $(ratio "$(field postgres-urls rps)" "$floor_db"), /url/:id $(ratio "$(field postgres-url rps)" "$floor_db"). What is short of 1 is Linkyard's own work (authentication, the rate limit, the answer's headers, the statement's rows and the answer's objects)."
  echo
  for db in postgres embedded; do
    read -r links export_s < "$OUT/$db-export.txt"
    echo "- $db: POST /l/api/url/bulk, 4 callers of 1,000 links: $(node -pe "Math.round($(field "$db-bulk" rps) * 1000).toLocaleString('en')") links/s (goal ≥ 5,000 on PostgreSQL), p50 $(field "$db-bulk" p50) ms a call; GET /l/api/urls/export of $links links in $export_s s: $(node -pe "Math.round($links / $export_s).toLocaleString('en')") links/s."
  done
  echo
  for db in postgres embedded; do
    echo "- $db: clicks recorded during the redirect run $(cat "$OUT/$db-recorded.txt"), requests answered $(field "$db-redirect" requests) (goal: equal; answers wrk did not count at its end add a few); service memory after the run $(($(cat "$OUT/$db-rss.txt") / 1024)) MiB RSS, $(($(cat "$OUT/$db-settled-rss.txt") / 1024)) MiB once idle for $SETTLE s (goal < $([ $db = embedded ] && echo 300 || echo 200) MiB); right after its first start on a new database $(($(cat "$OUT/$db-first-rss.txt") / 1024)) MiB$([ $db = embedded ] && echo ' (goal < 300 MiB)')."
    read -r bio_visits bio_rss bio_bytes < "$OUT/$db-bio-visits.txt"
    echo "- $db: public bio page ($bio_bytes bytes of HTML): visits recorded during its run $bio_visits, requests answered $(field "$db-bio" requests) (goal: equal); service memory right after it $((bio_rss / 1024)) MiB RSS."
  done
} | tee "$OUT/latest.md"

[ "${BENCH_WEBHOOKS:-1}" = 0 ] || echo "postgres: the redirect with a webhook on every click..." >&2
cleanup
[ "${BENCH_WEBHOOKS:-1}" = 0 ] || bash bench/webhooks.sh | tee -a "$OUT/latest.md"
[ "${BENCH_WORKERS:-1}" = 0 ] || bash bench/workers.sh | tee -a "$OUT/latest.md"
[ "${BENCH_LISTS:-1}" = 0 ] || DATABASE_URL="$PG_URL" node bench/link-lists.mjs | tee -a "$OUT/latest.md"
