#!/usr/bin/env bash
# Starts a throw-away Postgres for tests and benchmarks, installing it from Debian when missing.
#   scripts/postgres.sh start   -> prints the DATABASE_URL to use
#   scripts/postgres.sh socket-url DB -> the URL of database DB through the server's Unix socket
#   scripts/postgres.sh stop
# Runs the server as the `postgres` user (initdb refuses root). Data lives in $PG_DIR.
set -euo pipefail

PG_PORT="${PG_PORT:-54329}"
PG_DIR="${PG_DIR:-/tmp/linkyard-postgres}"

find_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/pg_ctl" ] && { echo "$dir"; return 0; }
  done
  return 1
}

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-start}" in
  start)
    if ! BIN=$(find_bin); then
      echo "Installing PostgreSQL from Debian..." >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >&2
      apt-get install -y -qq postgresql >&2
      BIN=$(find_bin)
    fi
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
      useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
    fi
    if [ -f "$PG_DIR/data/postmaster.pid" ]; then
      as_postgres "$BIN/pg_ctl" -D "$PG_DIR/data" stop -m fast >/dev/null 2>&1 || true
    fi
    rm -rf "$PG_DIR"
    mkdir -p "$PG_DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$PG_DIR"
    as_postgres "$BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
    as_postgres "$BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
      -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
    echo "postgres://postgres@127.0.0.1:$PG_PORT/postgres"
    ;;
  socket-url)
    # libpq's and pg's form of a socket folder as the host: the path, its slashes encoded.
    echo "postgresql://postgres@${PG_DIR//\//%2F}:$PG_PORT/${2:-postgres}"
    ;;
  stop)
    BIN=$(find_bin) || exit 0
    as_postgres "$BIN/pg_ctl" -D "$PG_DIR/data" stop -m fast >/dev/null 2>&1 || true
    ;;
  *)
    echo "usage: $0 start|socket-url DB|stop" >&2
    exit 2
    ;;
esac
