#!/usr/bin/env bash
# future-clock.sh runs the Go tests with the wall clock of every test process moved ahead (default
# one year), to prove that no test depends on today's date: every test reads time from an injected
# clock, and every query that compares with "now" takes it from the caller (`make test-future`).
#
# libfaketime cannot do this for Go: Go reads the clock from the kernel's vDSO, not through libc,
# so LD_PRELOAD tricks see no call to intercept. Instead the build overlays the runtime's one
# wall-clock routine on linux/amd64 (time.now in runtime/time_linux_amd64.s) with a copy that adds
# the offset to the seconds, for this build only (`go test -overlay`); the monotonic clock, and
# therefore every timeout and ticker, is untouched. Services (Postgres, Redis) keep the real time.
#
#   scripts/future-clock.sh [DAYS] [go test arguments...]   (default: 365 ./...)
set -euo pipefail
cd "$(dirname "$0")/.."
days=${1:-365}
shift || true
[ "$#" -gt 0 ] || set -- ./...
[ "$(go env GOOS)/$(go env GOARCH)" = linux/amd64 ] || { echo "future-clock.sh: linux/amd64 only" >&2; exit 2; }

src="$(go env GOROOT)/src/runtime/time_linux_amd64.s"
out=var/future-clock
mkdir -p "$out"
offset=$((days * 86400))
# After the realtime seconds are loaded into AX, add the offset.
awk -v off="$offset" '{ print } /MOVQ[ \t]+16\(SP\), AX[ \t]*\/\/ realtime sec/ { print "\tADDQ\t$" off ", AX\t// future-clock.sh" ; n++ } END { if (n != 1) exit 3 }' \
  "$src" > "$out/time_linux_amd64.s" || { echo "future-clock.sh: $src changed shape; update the pattern" >&2; exit 3; }
printf '{"Replace":{"%s":"%s"}}\n' "$src" "$PWD/$out/time_linux_amd64.s" > "$out/overlay.json"

eval "$(scripts/postgres.sh)"
eval "$(scripts/redis-cluster.sh)"
eval "$(scripts/etcd.sh)"
export DATABASE_URL REDIS_CLUSTER ETCD_ENDPOINTS COURTSIDE_REQUIRE_SERVICES=1
echo "== go test with the clock moved $days days ahead ($(date -u -d "+$days days" +%F))"
go test -overlay "$out/overlay.json" -p 2 -count=1 -timeout 20m "$@"
