#!/usr/bin/env bash
# postgres.sh makes sure a PostgreSQL server is reachable and prints `DATABASE_URL=...` on stdout.
#
# * If DATABASE_URL is set and answers, it is used as is.
# * Otherwise a project-local cluster lives under var/pg (port COURTSIDE_PG_PORT, default 55432,
#   socket in var/pg/run). It is created on first use and started when it is not running; it keeps its
#   data between runs. PostgreSQL refuses to run as root, so as root the cluster belongs to the
#   `postgres` user and is started with runuser.
#
#   scripts/postgres.sh          # ensure running, print DATABASE_URL=...
#   scripts/postgres.sh stop     # stop the project-local cluster
set -euo pipefail
cd "$(dirname "$0")/.."
root_dir=$(pwd)

log() { echo "postgres.sh: $*" >&2; }

if [ "${1:-}" != stop ] && [ -n "${DATABASE_URL:-}" ]; then
  if psql "$DATABASE_URL" -Atqc 'select 1' >/dev/null 2>&1; then
    echo "DATABASE_URL=$DATABASE_URL"; exit 0
  fi
  log "DATABASE_URL is set but does not answer; using the project-local cluster instead"
fi

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)
[ -n "$pg_bin" ] || { log "no PostgreSQL binaries: run scripts/setup.sh"; exit 1; }

port=${COURTSIDE_PG_PORT:-55432}
base="$root_dir/var/pg"
data="$base/data"
run="$base/run"

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "${1:-}" = stop ]; then
  [ -f "$data/postmaster.pid" ] && as_owner "$pg_bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null
  exit 0
fi

mkdir -p "$base"
if [ "$(id -u)" = 0 ]; then
  chown postgres: "$base"
  # The postgres user must be able to reach var/pg through every parent directory.
  if ! runuser -u postgres -- test -w "$base"; then
    log "the postgres user cannot reach $base (a parent directory is private); set DATABASE_URL instead"
    exit 1
  fi
fi

if [ ! -f "$data/PG_VERSION" ]; then
  log "creating a project-local cluster in var/pg"
  as_owner mkdir -p "$data" "$run"
  as_owner "$pg_bin/initdb" -D "$data" -U courtside --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  cat >> "$data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$run'
max_connections = 300
shared_buffers = 128MB
fsync = on
synchronous_commit = on
CONF
fi

if ! "$pg_bin/pg_isready" -q -h 127.0.0.1 -p "$port"; then
  as_owner mkdir -p "$run"
  as_owner "$pg_bin/pg_ctl" -D "$data" -l "$base/server.log" -w -t 60 start >/dev/null
fi

url="postgres://courtside@127.0.0.1:$port/courtside?sslmode=disable"
if ! psql "postgres://courtside@127.0.0.1:$port/postgres?sslmode=disable" -Atqc \
  "select 1 from pg_database where datname='courtside'" | grep -q 1; then
  psql "postgres://courtside@127.0.0.1:$port/postgres?sslmode=disable" -qc 'create database courtside' >/dev/null
fi
echo "DATABASE_URL=$url"
