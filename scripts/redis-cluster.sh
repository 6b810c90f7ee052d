#!/usr/bin/env bash
# redis-cluster.sh makes sure a local 3-master Redis Cluster runs on loopback and prints
# `REDIS_CLUSTER=127.0.0.1:7101,127.0.0.1:7102,127.0.0.1:7103` on stdout. Data and logs live under
# var/redis; nothing is persisted (tests and local clusters start clean after a reboot).
#
#   scripts/redis-cluster.sh          # ensure running, print REDIS_CLUSTER=...
#   scripts/redis-cluster.sh stop     # stop it
set -euo pipefail
cd "$(dirname "$0")/.."
base=${COURTSIDE_REDIS_PORT:-7101}
ports=("$base" "$((base + 1))" "$((base + 2))")
dir="$PWD/var/redis"
log() { echo "redis-cluster.sh: $*" >&2; }

if ! command -v redis-server >/dev/null; then
  log "redis-server missing: run scripts/setup.sh --redis"; exit 1
fi

if [ "${1:-}" = stop ]; then
  for p in "${ports[@]}"; do redis-cli -p "$p" shutdown nosave >/dev/null 2>&1 || true; done
  exit 0
fi

mkdir -p "$dir"
for p in "${ports[@]}"; do
  if ! redis-cli -p "$p" ping >/dev/null 2>&1; then
    rm -f "$dir/nodes-$p.conf"
    redis-server --port "$p" --bind 127.0.0.1 --cluster-enabled yes --cluster-config-file "$dir/nodes-$p.conf" \
      --cluster-node-timeout 2000 --save "" --appendonly no --dir "$dir" --logfile "$dir/redis-$p.log" \
      --daemonize yes >/dev/null
  fi
done
for p in "${ports[@]}"; do
  for _ in $(seq 50); do redis-cli -p "$p" ping >/dev/null 2>&1 && break; sleep 0.1; done
done

if ! redis-cli -p "${ports[0]}" cluster info 2>/dev/null | grep -q 'cluster_state:ok'; then
  # A fresh set of nodes: join them into one cluster (or repair a half-made one by starting over).
  for p in "${ports[@]}"; do redis-cli -p "$p" flushall >/dev/null 2>&1 || true; redis-cli -p "$p" cluster reset hard >/dev/null 2>&1 || true; done
  redis-cli --cluster create "127.0.0.1:${ports[0]}" "127.0.0.1:${ports[1]}" "127.0.0.1:${ports[2]}" \
    --cluster-replicas 0 --cluster-yes >/dev/null
  for _ in $(seq 100); do
    ok=1
    for p in "${ports[@]}"; do redis-cli -p "$p" cluster info | grep -q 'cluster_state:ok' || ok=0; done
    [ "$ok" = 1 ] && break
    sleep 0.1
  done
fi
echo "REDIS_CLUSTER=127.0.0.1:${ports[0]},127.0.0.1:${ports[1]},127.0.0.1:${ports[2]}"
