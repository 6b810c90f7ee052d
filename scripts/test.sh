#!/usr/bin/env bash
# test.sh runs Courtside's tests against real services. With no argument it runs everything
# (`make test`); `go`, `web` or `e2e` run one part. It exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}

case "$what" in
  all) scripts/setup.sh --browser --cluster ;;
  e2e) scripts/setup.sh --browser ;;
  go) scripts/setup.sh --cluster ;;
  *) scripts/setup.sh ;;
esac
eval "$(scripts/postgres.sh)"
eval "$(scripts/redis-cluster.sh)"
export DATABASE_URL REDIS_CLUSTER
if [ "$what" = all ] || [ "$what" = go ]; then
  eval "$(scripts/etcd.sh)" # the cluster failover tests need a membership service
  export ETCD_ENDPOINTS
fi
# Integration tests fail instead of skipping when a service they need is missing.
export COURTSIDE_REQUIRE_SERVICES=1

status=0
run_go() {
  echo "== go vet"
  go vet ./...
  echo "== go test"
  # -p 2: two cores. The summary lines (ok/FAIL per package) are what CI reads.
  go test -p 2 -count=1 -timeout 15m ./... 2>&1 | tee var/go-test.log
  return "${PIPESTATUS[0]}"
}
run_web() {
  echo "== web client: type-check, ESLint and unit tests"
  (cd webclient && npm run --silent typecheck && npm run --silent lint && npm test --silent)
}
run_e2e() {
  echo "== browser end-to-end (Chromium)"
  go build -o bin/courtside ./cmd/courtside
  # A database of its own, so the browser tests never see what an earlier run or `make run` left.
  local db="courtside_e2e_$$" admin="${DATABASE_URL%/*}/postgres?sslmode=disable" status=0
  rm -f webclient/test-results/node-*.log # each file writes its node's log there
  psql "$admin" -qc "CREATE DATABASE $db" >/dev/null
  (cd webclient && npm run --silent build &&
    DATABASE_URL="${DATABASE_URL%/*}/$db?sslmode=disable" COURTSIDE_BIN="$PWD/../bin/courtside" npm run --silent test:e2e) || status=1
  psql "$admin" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null || true
  return "$status"
}

mkdir -p var
case "$what" in
  go) run_go || status=1 ;;
  web) run_web || status=1 ;;
  e2e) run_e2e || status=1 ;;
  all)
    run_go || status=1
    run_web || status=1
    run_e2e || status=1
    ;;
  *) echo "test.sh: unknown part $what (go, web, e2e)" >&2; exit 2 ;;
esac
if [ "$status" = 0 ]; then echo "== all tests passed"; else echo "== SOME TESTS FAILED"; fi
exit "$status"
