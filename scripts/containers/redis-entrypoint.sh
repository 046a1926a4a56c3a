#!/bin/sh
# As the official image does: listen on every interface of the container's network, without the
# protected mode meant for a server on a shared host.
set -eu
[ "${1:-}" = redis-server ] && shift
exec redis-server --protected-mode no "$@"
