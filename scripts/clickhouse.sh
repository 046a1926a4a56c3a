#!/usr/bin/env bash
# Makes sure clickhouse-server is installed (from Debian when missing), for tests and benchmarks.
#   scripts/clickhouse.sh install   -> installs it (and clickhouse-client) when missing, prints the server's path
# The tests start and stop their own servers on loopback ports; nothing is left running.
set -euo pipefail

SERVER=/usr/sbin/clickhouse-server

case "${1:-install}" in
  install)
    if [ ! -x "$SERVER" ]; then
      echo "Installing ClickHouse from Debian..." >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >&2
      apt-get install -y -qq clickhouse-server clickhouse-client >&2
      # The package may start a server of its own; the tests want none running.
      # (pkill matches the 15-character process name: "clickhouse-server" would match nothing.)
      (service clickhouse-server stop || pkill -x clickhouse-serv || true) >/dev/null 2>&1
    fi
    echo "$SERVER"
    ;;
  *)
    echo "usage: $0 install" >&2
    exit 2
    ;;
esac
