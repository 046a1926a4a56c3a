#!/usr/bin/env bash
# Makes sure pebble (the ACME test server) and pebble-challtestsrv (its DNS) are installed, from
# Debian when missing, for the automatic HTTPS tests.
#   scripts/pebble.sh install   -> installs them when missing, prints pebble's path
# The tests start and stop their own servers on loopback ports; nothing is left running.
set -euo pipefail

case "${1:-install}" in
  install)
    if ! command -v pebble >/dev/null 2>&1 || ! command -v pebble-challtestsrv >/dev/null 2>&1; then
      echo "Installing pebble from Debian..." >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >&2
      apt-get install -y -qq pebble >&2
    fi
    command -v pebble
    ;;
  *)
    echo "usage: $0 install" >&2
    exit 2
    ;;
esac
