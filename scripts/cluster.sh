#!/usr/bin/env bash
# cluster.sh runs a three-node Courtside cluster on loopback (what `make cluster` does): it makes
# sure the local Postgres, Redis Cluster and etcd run, then starts three nodes of bin/courtside in
# cluster mode and stops them all on Ctrl-C (or when one of them exits).
#
#   scripts/cluster.sh              # three nodes
#   COURTSIDE_NODES=2 scripts/cluster.sh
#
# Node i (0-based) serves HTTP on 8080+2i, WebSocket on 8081+2i, RTMP on 1935+i and actor
# remoting on 127.0.0.1:7201+i; every node lists every gateway at GET /java/system/gateways, so the
# web client can fail over. A stream pushed to any node's RTMP port is listed and playable from
# every node: its playback URLs point at the holder's http://localhost:<port> (COURTSIDE_NODE_URL),
# and the other nodes redirect its /media/ requests there. Logs go to var/cluster/node<i>.log; chat
# history to Postgres.
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${COURTSIDE_NODES:-3}
bin=${COURTSIDE_BIN:-bin/courtside}
log() { echo "cluster.sh: $*" >&2; }

[ -x "$bin" ] || { log "$bin missing: run make build"; exit 1; }
eval "$(scripts/postgres.sh)"
eval "$(scripts/redis-cluster.sh)"
eval "$(scripts/etcd.sh)"
export DATABASE_URL REDIS_CLUSTER

gateways=() origins=()
for ((i = 0; i < nodes; i++)); do
  gateways+=("ws://localhost:$((8081 + 2 * i))/ws")
  origins+=("http://localhost:$((8080 + 2 * i))" "http://127.0.0.1:$((8080 + 2 * i))")
done
join() { local IFS=,; echo "$*"; }

mkdir -p var/cluster
pids=()
stop() {
  trap - INT TERM EXIT
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop INT TERM EXIT

for ((i = 0; i < nodes; i++)); do
  COURTSIDE_ENV=${COURTSIDE_ENV:-dev} COURTSIDE_DEMO=${COURTSIDE_DEMO:-true} \
  COURTSIDE_HTTP_ADDR=":$((8080 + 2 * i))" COURTSIDE_WS_ADDR=":$((8081 + 2 * i))" \
  COURTSIDE_RTMP_ADDR=":$((1935 + i))" COURTSIDE_DATA_DIR="var/cluster/node$i" \
  COURTSIDE_NODE_URL="http://localhost:$((8080 + 2 * i))" \
  COURTSIDE_WS_PUBLIC_URLS="$(join "${gateways[@]}")" COURTSIDE_ALLOWED_ORIGINS="$(join "${origins[@]}")" \
  COURTSIDE_ETCD_ENDPOINTS="$ETCD_ENDPOINTS" COURTSIDE_CLUSTER_ADDR="127.0.0.1:$((7201 + i))" \
  COURTSIDE_ACCOUNT_SECRET=${COURTSIDE_ACCOUNT_SECRET:-local-cluster-secret} \
  COURTSIDE_MEDIA_SECRET=${COURTSIDE_MEDIA_SECRET:-local-cluster-secret} \
    "$bin" >"var/cluster/node$i.log" 2>&1 &
  pids+=($!)
  if [ "$i" = 0 ]; then
    # The first node applies the migrations and seeds the demo alone.
    for _ in $(seq 150); do curl -fs "http://127.0.0.1:8080/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
  fi
done
for ((i = 0; i < nodes; i++)); do
  for _ in $(seq 150); do curl -fs "http://127.0.0.1:$((8080 + 2 * i))/readyz" >/dev/null 2>&1 && break; sleep 0.2; done
  curl -fs "http://127.0.0.1:$((8080 + 2 * i))/readyz" >/dev/null || { log "node $i did not become ready; see var/cluster/node$i.log"; exit 1; }
done
log "$nodes nodes ready: http://localhost:8080 (and :8082, :8084); gateways: $(curl -fs http://127.0.0.1:8080/java/system/gateways)"
log "Ctrl-C stops them; logs in var/cluster/"
wait -n "${pids[@]}" || true
log "a node exited; stopping the others"
