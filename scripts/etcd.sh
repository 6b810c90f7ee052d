#!/usr/bin/env bash
# etcd.sh makes sure a project-local, single-member etcd runs on loopback (the cluster membership
# service of protoactor-go's etcd provider) and prints `ETCD_ENDPOINTS=127.0.0.1:2379` on stdout.
# It installs Debian's etcd-server when etcd is missing. Data and log live under var/etcd.
#
#   scripts/etcd.sh          # ensure running, print ETCD_ENDPOINTS=...
#   scripts/etcd.sh stop     # stop it
#   scripts/etcd.sh reset    # stop it and remove its data (members and leases start clean)
#
# COURTSIDE_ETCD_PORT (default 2379) moves the client port; the peer port is the next one.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${COURTSIDE_ETCD_PORT:-2379}
peer=$((port + 1))
dir="$PWD/var/etcd"
pidfile="$dir/etcd.pid"
log() { echo "etcd.sh: $*" >&2; }

running() { [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; }
healthy() { ETCDCTL_API=3 etcdctl --endpoints="127.0.0.1:$port" --dial-timeout=1s endpoint health >/dev/null 2>&1; }

case "${1:-}" in
  stop|reset)
    if running; then
      pid=$(cat "$pidfile")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -f "$pidfile"
    [ "$1" = reset ] && rm -rf "$dir/data"
    exit 0 ;;
  "") ;;
  *) log "unknown argument $1"; exit 2 ;;
esac

if ! command -v etcd >/dev/null; then
  log "installing etcd-server (Debian)"
  sudo_cmd=""; [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get install -y -qq --no-install-recommends etcd-server etcd-client >/dev/null 2>&1 ||
    { $sudo_cmd apt-get update -qq && $sudo_cmd apt-get install -y -qq --no-install-recommends etcd-server etcd-client >/dev/null; }
fi

mkdir -p "$dir"
if ! healthy; then
  if ! running; then
    # A short election timeout suits one member on loopback; the data dir keeps members across restarts.
    nohup etcd --name courtside --data-dir "$dir/data" \
      --listen-client-urls "http://127.0.0.1:$port" --advertise-client-urls "http://127.0.0.1:$port" \
      --listen-peer-urls "http://127.0.0.1:$peer" --initial-advertise-peer-urls "http://127.0.0.1:$peer" \
      --initial-cluster "courtside=http://127.0.0.1:$peer" --initial-cluster-state new \
      --heartbeat-interval 100 --election-timeout 500 >"$dir/etcd.log" 2>&1 &
    echo $! > "$pidfile"
  fi
  for _ in $(seq 100); do healthy && break; sleep 0.1; done
  healthy || { log "etcd did not become healthy; see $dir/etcd.log"; exit 1; }
fi
echo "ETCD_ENDPOINTS=127.0.0.1:$port"
