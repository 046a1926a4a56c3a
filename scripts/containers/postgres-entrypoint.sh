#!/bin/sh
# First start: a cluster with POSTGRES_USER (password POSTGRES_PASSWORD) and POSTGRES_DB, reachable
# over the network with the password; then PostgreSQL in the foreground.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" >/tmp/pwfile
  initdb --username="$POSTGRES_USER" --pwfile=/tmp/pwfile --auth=scram-sha-256 >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  pg_ctl -w -o "-c listen_addresses=''" start >/dev/null
  PGPASSWORD=$POSTGRES_PASSWORD createdb --username="$POSTGRES_USER" "$POSTGRES_DB"
  pg_ctl -w stop >/dev/null
fi
exec postgres -c listen_addresses='*'
