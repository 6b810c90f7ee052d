#!/usr/bin/env bash
# web-perf.sh (`make web-perf`, issue 19; not part of `make test`): builds the web client and the
# node, installs Lighthouse into webclient/perf (its own package.json and lock, so the web client's
# install is untouched), starts one demo node on a database of its own and runs Lighthouse's mobile
# defaults in Debian's Chromium on five pages (webclient/perf/lighthouse.mjs). The summary goes to
# webclient/perf/results/latest.json; the exit status is 1 when a budget is missed.
#
#   WEB_PERF_RUNS=3 make web-perf    # three Lighthouse runs per page, the median kept
#   WEB_PERF_SKIP_BUILD=1 ...        # measure the dist/ and bin/ already built
#   WEB_PERF_PAGES=home,matchList    # only these pages (names: home matchList matchDetail liveRoom streamerList)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --browser
eval "$(scripts/postgres.sh)"
eval "$(scripts/redis-cluster.sh)"
export DATABASE_URL REDIS_CLUSTER

if [ -z "${WEB_PERF_SKIP_BUILD:-}" ]; then
  go build -o bin/courtside ./cmd/courtside
  (cd webclient && npm run --silent build)
fi

# Lighthouse 12.2.3 (13.x needs Node 22): `npm ci` from the lock, idempotent.
(
  cd webclient/perf
  if [ ! -x node_modules/.bin/lighthouse ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
  fi
)

db="courtside_webperf_$$" admin="${DATABASE_URL%/*}/postgres?sslmode=disable"
psql "$admin" -qc "CREATE DATABASE $db" >/dev/null
trap 'psql "$admin" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null || true' EXIT
cd webclient
DATABASE_URL="${DATABASE_URL%/*}/$db?sslmode=disable" COURTSIDE_BIN="$PWD/../bin/courtside" node perf/lighthouse.mjs
