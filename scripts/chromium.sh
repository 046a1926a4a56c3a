#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for the dashboard's browser tests, installing it when
# missing (as root), and prints its path. The tests drive it with playwright-core, which downloads
# no browser of its own.
#   scripts/chromium.sh install
set -euo pipefail

find_chromium() {
  local path
  for path in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
    [ -n "$path" ] && [ -x "$path" ] && { echo "$path"; return 0; }
  done
  return 1
}

case "${1:-install}" in
  install)
    if ! find_chromium >/dev/null; then
      echo "Installing Chromium from Debian..." >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >&2
      # The Noto fonts draw the Arabic and other scripts the tests show.
      apt-get install -y -qq chromium fonts-noto-core >&2
    fi
    find_chromium
    ;;
  *)
    echo "usage: $0 install" >&2
    exit 2
    ;;
esac
