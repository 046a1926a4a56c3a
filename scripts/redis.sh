#!/usr/bin/env bash
# Makes sure redis-server is installed (from Debian when missing), for tests and benchmarks.
#   scripts/redis.sh install   -> installs it when missing, prints its path
# The tests start and stop their own servers on loopback ports; nothing is left running.
set -euo pipefail

case "${1:-install}" in
  install)
    if ! command -v redis-server >/dev/null 2>&1; then
      echo "Installing Redis from Debian..." >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >&2
      apt-get install -y -qq redis-server >&2
      # The package may start a server of its own; the tests want none running.
      (service redis-server stop || pkill -x redis-server || true) >/dev/null 2>&1
    fi
    command -v redis-server
    ;;
  *)
    echo "usage: $0 install" >&2
    exit 2
    ;;
esac
