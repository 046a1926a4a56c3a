#!/usr/bin/env bash
# The container image, built and checked as CI does it on a machine without a registry:
#
#   scripts/container.sh install   Debian's podman, runc and mmdebstrap, when missing
#   scripts/container.sh base      a base image (Debian bookworm, minbase) with this machine's Node
#   scripts/container.sh build     the image from the Dockerfile, on that base (BASE=linkyard-base)
#   scripts/container.sh check     runs it on the embedded database and on PostgreSQL: health, a
#                                  link made through the API and followed, the healthcheck, a clean stop
#   scripts/container.sh compose   compose.yaml brought up with podman-compose: two instances on
#                                  PostgreSQL and Redis (images of Debian's packages standing in for
#                                  the official ones, scripts/containers/), a link made on one and
#                                  changed, the other following both at once
#
# podman runs here with the vfs storage driver, cgroupfs and runc, and a containers.conf without
# default ulimits (the defaults fail on setrlimit in this sandbox); containers use the host's network.
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE=${IMAGE:-linkyard:ci}
BASE_IMAGE=linkyard-base:bookworm
WORK=${CONTAINER_WORK:-/tmp/linkyard-container}
mkdir -p "$WORK"
export CONTAINERS_CONF="$WORK/containers.conf"
printf '[containers]\ndefault_ulimits = []\n' >"$CONTAINERS_CONF"
podman() { command podman --storage-driver=vfs --cgroup-manager=cgroupfs --runtime=/usr/sbin/runc "$@"; }

install() {
  local missing=()
  # type -P: the program on the PATH (command -v would find the podman function above).
  type -P podman >/dev/null || missing+=(podman)
  [ -x /usr/sbin/runc ] || missing+=(runc)
  command -v mmdebstrap >/dev/null || missing+=(mmdebstrap)
  command -v podman-compose >/dev/null || missing+=(podman-compose)
  # Containers of one compose project find each other by name through aardvark-dns.
  [ -x /usr/lib/podman/netavark ] || missing+=(netavark aardvark-dns)
  # netavark makes a project's network with iptables: without it every container stays "Created".
  command -v iptables >/dev/null || [ -x /usr/sbin/iptables ] || missing+=(iptables)
  if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" uidmap >/dev/null
  fi
  podman --version
}

# Debian bookworm (minbase) with the Node this machine runs (its binary, npm and corepack): the
# Dockerfile's BASE where no registry serves node:20-bookworm-slim. Made once per machine.
base() {
  if podman image exists "$BASE_IMAGE"; then
    echo "$BASE_IMAGE is there"
    return
  fi
  local node modules root
  node=$(command -v node)
  modules=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")")
  root="$WORK/base.tar"
  mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm "$root" \
    --customize-hook='mkdir -p "$1/usr/local/lib/node_modules" "$1/usr/local/bin"' \
    --customize-hook="cp -L '$node' \"\$1/usr/local/bin/node\"" \
    --customize-hook="cp -a '$modules/npm' '$modules/corepack' \"\$1/usr/local/lib/node_modules/\"" \
    --customize-hook='chroot "$1" ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm' \
    --customize-hook='chroot "$1" ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx' \
    --customize-hook='cp /usr/local/share/ca-certificates/*.crt "$1/usr/local/share/ca-certificates/" 2>/dev/null || true' \
    --customize-hook='chroot "$1" update-ca-certificates >/dev/null' \
    --customize-hook='rm -rf "$1"/var/cache/apt/archives/*.deb "$1"/var/lib/apt/lists/*'
  # The machine's own certificate authorities (a proxy's, where the registry is reached through one)
  # go with it: Node reads them through NODE_EXTRA_CA_CERTS.
  podman import --change 'CMD ["/bin/sh"]' --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    "$root" "$BASE_IMAGE" >/dev/null
  rm -f "$root"
  echo "made $BASE_IMAGE: Debian bookworm with node $(node --version)"
}

build() {
  local started=$SECONDS
  podman build --format docker --network=host --build-arg "BASE=$BASE_IMAGE" -t "$IMAGE" .
  local bytes
  bytes=$(podman image inspect "$IMAGE" --format '{{.Size}}')
  echo "built $IMAGE in $((SECONDS - started)) s: $((bytes / 1000000)) MB"
}

# Waits for the container's /healthz on the port, for up to a minute.
wait_healthy() {
  local port=$1
  for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return 0
    sleep 0.5
  done
  echo "the container did not answer /healthz on port $port" >&2
  return 1
}

# Runs the image with these variables, makes a link through the API, follows its redirect, asks the
# image's own healthcheck, stops it with SIGTERM and checks it stopped cleanly (exit 0, said so).
# KEY is the admin key (made with the first run; the same one later, to find what the first made),
# LINKS_BEFORE how many links the service must hold when it starts.
run_once() {
  local name=$1
  shift
  local port
  port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  podman rm -f "$name" >/dev/null 2>&1 || true
  # --health-interval=disable: no systemd here to run the healthcheck on a timer; it is run below.
  podman run -d --name "$name" --network=host --health-interval=disable -e "PORT=$port" -e "HOST=127.0.0.1" \
    -e "ADMIN_API_KEY=$KEY" -e "PUBLIC_URL=http://127.0.0.1:$port" "$@" "$IMAGE" >/dev/null
  if ! wait_healthy "$port"; then
    podman logs "$name" | tail -20
    return 1
  fi
  local held
  held=$(curl -sf -H "Authorization: Bearer $KEY" "http://127.0.0.1:$port/l/api/urls" | node -p "JSON.parse(require('fs').readFileSync(0)).data.result")
  [ "$held" = "${LINKS_BEFORE:-0}" ] || {
    echo "$name holds $held links at its start, not ${LINKS_BEFORE:-0}" >&2
    return 1
  }
  local made alias location
  made=$(curl -sf -X POST -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
    -d '{"url": "https://example.com/from-the-container"}' "http://127.0.0.1:$port/l/api/url/add")
  alias=$(node -p "JSON.parse(process.argv[1]).shorturl.split('/').pop()" "$made")
  location=$(curl -s -o /dev/null -w '%{redirect_url}' "http://127.0.0.1:$port/$alias")
  [ "$location" = "https://example.com/from-the-container" ] || {
    echo "the redirect went to '$location'" >&2
    return 1
  }
  podman healthcheck run "$name" >/dev/null || {
    echo "the image's healthcheck failed" >&2
    return 1
  }
  podman stop -t 20 "$name" >/dev/null
  local code
  code=$(podman inspect "$name" --format '{{.State.ExitCode}}')
  # The log's last lines can reach podman's log file a moment after the container is reported stopped.
  local said=no
  for _ in $(seq 1 20); do
    if podman logs "$name" 2>&1 | grep -q 'SIGTERM received'; then
      said=yes
      break
    fi
    sleep 0.25
  done
  [ "$said" = yes ] || {
    echo "the service did not say it stopped on SIGTERM (exit code $code); its last lines:" >&2
    podman logs "$name" 2>&1 | tail -20 >&2
    return 1
  }
  [ "$code" = 0 ] || {
    echo "the service exited with $code on SIGTERM" >&2
    podman logs "$name" | tail -20
    return 1
  }
  podman rm "$name" >/dev/null
  echo "ok: $name: healthy, a link made and followed, the healthcheck passed, stopped cleanly"
}

check() {
  local volume=linkyard-ci-data url
  KEY="lyk_$(node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))")"
  podman volume rm -f "$volume" >/dev/null 2>&1 || true
  podman volume create "$volume" >/dev/null
  LINKS_BEFORE=0 run_once linkyard-embedded -v "$volume:/data"
  # Started again on the same volume: the link the first run made is there.
  LINKS_BEFORE=1 run_once linkyard-embedded-again -v "$volume:/data"
  podman volume rm -f "$volume" >/dev/null
  url=$(scripts/postgres.sh start | tail -1)
  # A database of its own on the machine's PostgreSQL.
  psql "$url" -qc 'DROP DATABASE IF EXISTS linkyard_container' -c 'CREATE DATABASE linkyard_container' >/dev/null
  LINKS_BEFORE=0 run_once linkyard-postgres -e "DATABASE_URL=${url%/*}/linkyard_container"
}

compose() {
  local project=linkyard-ci pg redis_image key made alias id
  pg=linkyard-postgres:ci
  redis_image=linkyard-redis:ci
  podman image exists "$pg" || podman build --network=host --build-arg "BASE=$BASE_IMAGE" -t "$pg" -f scripts/containers/postgres.Containerfile scripts/containers
  podman image exists "$redis_image" ||
    podman build --network=host --build-arg "BASE=$BASE_IMAGE" -t "$redis_image" -f scripts/containers/redis.Containerfile scripts/containers
  key="lyk_$(node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))")"
  export LINKYARD_IMAGE=$IMAGE POSTGRES_IMAGE=$pg REDIS_IMAGE=$redis_image POSTGRES_PASSWORD=ci-secret
  # Not local: the EXIT trap below reads it after this function has returned.
  compose_cmd=(podman-compose -p "$project" --podman-path "$WORK/podman" -f compose.yaml -f scripts/containers/compose.ci.yaml)
  printf '#!/bin/sh\nexec podman --storage-driver=vfs --cgroup-manager=cgroupfs --runtime=/usr/sbin/runc "$@"\n' >"$WORK/podman"
  chmod +x "$WORK/podman"
  # A clean slate, and none left behind whatever happens.
  "${compose_cmd[@]}" down -v >/dev/null 2>&1 || true
  trap '"${compose_cmd[@]}" down -v >/dev/null 2>&1 || true' EXIT
  ADMIN_API_KEY=$key "${compose_cmd[@]}" up -d >/dev/null 2>&1
  wait_healthy 3000 && wait_healthy 3001 || {
    "${compose_cmd[@]}" logs 2>&1 | grep -v systemd | tail -40
    return 1
  }
  made=$(curl -sf -X POST -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
    -d '{"url": "https://example.com/compose-one"}' http://127.0.0.1:3000/l/api/url/add)
  alias=$(node -p "JSON.parse(process.argv[1]).shorturl.split('/').pop()" "$made")
  id=$(node -p "JSON.parse(process.argv[1]).id" "$made")
  [ "$(curl -s -o /dev/null -w '%{redirect_url}' "http://127.0.0.1:3001/$alias")" = https://example.com/compose-one ] || {
    echo "the second instance does not send the link where the first made it go" >&2
    return 1
  }
  # Changed on the first: the second, which holds the redirect in its cache, hears of it through Redis.
  curl -sf -X PUT -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
    -d '{"url": "https://example.com/compose-two"}' "http://127.0.0.1:3000/l/api/url/$id/update" >/dev/null
  [ "$(curl -s -o /dev/null -w '%{redirect_url}' "http://127.0.0.1:3001/$alias")" = https://example.com/compose-two ] || {
    echo "the second instance still sends the link to its old destination" >&2
    return 1
  }
  curl -sf http://127.0.0.1:3001/healthz | grep -q '"redis":"up"' || {
    echo "the second instance does not report Redis as up: $(curl -s http://127.0.0.1:3001/healthz)" >&2
    return 1
  }
  echo "ok: compose.yaml: two instances on PostgreSQL and Redis, a change on one followed by the other at once"
}

case "${1:-}" in
  install) install ;;
  base) base ;;
  build) build ;;
  check) check ;;
  compose) compose ;;
  *)
    echo "usage: scripts/container.sh install|base|build|check|compose" >&2
    exit 2
    ;;
esac
