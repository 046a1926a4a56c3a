#!/usr/bin/env bash
# The redirect's cost of a webhook that wants every click (`link.clicked`): the redirect on
# PostgreSQL, alternately without and with such a webhook (BENCH_WEBHOOK_RUNS pairs, 5), with the
# service's CPU per 1,000 redirects. The service runs on core 0; wrk and the receiver (on loopback,
# answering 204: the stand-in for the subscriber's own system) on core 1. Run by bench/run.sh
# after the main table (or alone: bash bench/webhooks.sh, after a build).
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=4102
RECEIVER_PORT=4190
ADMIN_KEY="lyk_bench-admin-key-0123456789abcdefghij"
UA="User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0"
DURATION="${BENCH_DURATION:-10s}"
RUNS="${BENCH_WEBHOOK_RUNS:-5}"
PG_URL=$(scripts/postgres.sh start)
psql -q "$PG_URL" -c "DROP DATABASE IF EXISTS linkyard_webhooks" -c "CREATE DATABASE linkyard_webhooks" 2>/dev/null

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

# The receiver: counts the events and the clicks it got; prints them on SIGUSR2. It stands for the
# subscriber's own system, so it does as little as it can: it counts the clicks' "date" keys, and
# parses one body in 100 in full to check that count (a mismatch is printed).
taskset -c 1 node -e "
  let events = 0, clicks = 0, checked = 0, mismatched = 0;
  const marker = Buffer.from('\"date\":\"');
  require('node:http').createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      let count = 0;
      for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, at + marker.length)) count++;
      if (events % 100 === 0) {
        checked++;
        if (JSON.parse(body).data.clicks.length !== count) mismatched++;
      }
      events++;
      clicks += count;
      response.writeHead(204).end();
    });
  }).listen($RECEIVER_PORT, '127.0.0.1');
  process.on('SIGUSR2', () => console.log(events + ' events, ' + clicks + ' clicks (' + checked + ' parsed in full, ' + mismatched + ' mismatched)'));
" > bench/results/webhooks-receiver.txt &
receiver=$!
pids+=("$receiver")
taskset -c 0 env DATABASE_URL="$(scripts/postgres.sh socket-url linkyard_webhooks)" PORT=$PORT HOST=127.0.0.1 PUBLIC_URL=http://127.0.0.1:$PORT \
  LOG_LEVEL=warn ADMIN_API_KEY=$ADMIN_KEY WEBHOOK_ALLOW_PRIVATE=true sh apps/api/bin/linkyard-api > bench/results/webhooks-service.log 2>&1 &
service=$!
pids+=("$service")
for _ in $(seq 1 150); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.2; done

json() { node -pe "const v = JSON.parse(require('fs').readFileSync(0)); $1"; }
api() { curl -sf -H "Authorization: Bearer $1" -H 'Content-Type: application/json' "${@:2}"; }
key=$(api "$ADMIN_KEY" -X POST "http://127.0.0.1:$PORT/l/api/user/add" \
  -d '{"username":"hooked","email":"hooked@example.com","password":"benchmark password","ratelimit":100000}' | json 'v.data.apikey')
alias=$(api "$key" -X POST "http://127.0.0.1:$PORT/l/api/url/add" -d '{"url":"https://example.com/hooked"}' | json 'new URL(v.shorturl).pathname.slice(1)')

ticks() { awk '{print $14+$15}' "/proc/$service/stat"; }
run() { # -> "requests/s CPU-ms-per-1000"
  local before requests after
  before=$(ticks)
  requests=$(taskset -c 1 wrk -t1 -c50 -d"$DURATION" -H "$UA" "http://127.0.0.1:$PORT/$alias" | awk '/requests in/ {print $1}')
  sleep 3
  after=$(ticks)
  node -pe "const s = parseFloat('$DURATION'); [Math.round($requests / s), (($after - $before) * 1e6 / $(getconf CLK_TCK) / $requests).toFixed(1)].join(' ')"
}
add_hook() { api "$key" -X POST "http://127.0.0.1:$PORT/l/api/webhooks" -d "{\"url\":\"http://127.0.0.1:$RECEIVER_PORT/\",\"events\":[\"link.clicked\"]}" | json 'v.id'; }
# Warm-up of both paths (the redirect, then with a webhook): the runs measure a steady state.
warm() { taskset -c 1 wrk -t1 -c10 -d2s -H "$UA" "http://127.0.0.1:$PORT/$alias" >/dev/null; }
warm
hook=$(add_hook)
warm
sleep 3
api "$key" -X DELETE "http://127.0.0.1:$PORT/l/api/webhook/$hook" >/dev/null
without=()
with=()
hooked() {
  local hook
  hook=$(add_hook)
  with+=("$(run)")
  api "$key" -X DELETE "http://127.0.0.1:$PORT/l/api/webhook/$hook" >/dev/null
  sleep 3
}
# Each pair in the other order than the one before, so neither side always runs on the older tables.
for round in $(seq 1 "$RUNS"); do
  if [ $((round % 2)) = 1 ]; then
    without+=("$(run)")
    hooked
  else
    hooked
    without+=("$(run)")
  fi
done
kill -USR2 "$receiver"
sleep 1
mean() { tr '\n' ' ' | node -pe "const xs = require('fs').readFileSync(0, 'utf8').trim().split(/\s+/).map(Number); (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(${1:-0})"; }
rps_without=$(printf '%s\n' "${without[@]}" | cut -d' ' -f1 | mean)
rps_with=$(printf '%s\n' "${with[@]}" | cut -d' ' -f1 | mean)
cpu_without=$(printf '%s\n' "${without[@]}" | cut -d' ' -f2 | mean 1)
cpu_with=$(printf '%s\n' "${with[@]}" | cut -d' ' -f2 | mean 1)
echo "- postgres, $RUNS runs each, alternated: redirect without a webhook $rps_without requests/s ($cpu_without ms of the service's CPU per 1,000); with a webhook on link.clicked $rps_with requests/s ($cpu_with ms), ratio $(node -pe "($rps_with / $rps_without).toFixed(3)") (goal ≥ 0.95), CPU ratio $(node -pe "($cpu_without / $cpu_with).toFixed(3)"); the receiver got $(cat bench/results/webhooks-receiver.txt), for $(printf '%s\n' "${with[@]}" | cut -d' ' -f1 | node -pe "Math.round(require('fs').readFileSync(0, 'utf8').trim().split(/\s+/).map(Number).reduce((a, b) => a + b, 0) * parseFloat('$DURATION'))") redirects in the runs with a webhook, and those of a warm-up. Runs (requests/s, ms per 1,000): without ${without[*]/%/;} with ${with[*]/%/;}"
