#!/usr/bin/env bash
# setup.sh installs what `make run` and `make test` need on a Debian/Ubuntu machine that already has Go
# and Node. It is idempotent and quick when everything is present: it only calls apt-get or npm when
# something is missing or the lock file changed.
#
#   scripts/setup.sh            # server side: PostgreSQL, Redis + web client dependencies
#   scripts/setup.sh --browser  # also Chromium for the browser tests
#   scripts/setup.sh --cluster  # also etcd (membership of a multi-node cluster: make cluster, chaos test)
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=0
want_cluster=0
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=1 ;;
    --cluster) want_cluster=1 ;;
    *) echo "setup.sh: unknown argument $arg" >&2; exit 2 ;;
  esac
done

need_cmd() { command -v "$1" >/dev/null 2>&1; }

for tool in go node npm; do
  need_cmd "$tool" || { echo "setup.sh: $tool is required (see README.md, Prerequisites)" >&2; exit 1; }
done

# Debian packages, installed only when their command is missing.
missing=()
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)
[ -n "$pg_bin" ] && [ -x "$pg_bin/initdb" ] || missing+=(postgresql)
need_cmd psql || missing+=(postgresql-client)
need_cmd redis-server || missing+=(redis-server)
need_cmd redis-cli || missing+=(redis-tools)
need_cmd ffmpeg || missing+=(ffmpeg)
if [ "$want_browser" = 1 ]; then
  need_cmd chromium || [ -x /usr/bin/chromium ] || missing+=(chromium)
  # Read the font list once: `fc-list | grep -q` under pipefail fails whenever grep stops reading
  # before fc-list has written everything (SIGPIPE), and the fonts were installed again on every run.
  fonts=$(fc-list 2>/dev/null || true)
  grep -qi 'noto sans cjk' <<<"$fonts" || missing+=(fonts-noto-cjk)
  grep -qi 'noto sans thai\|notosansthai' <<<"$fonts" || missing+=(fonts-noto-core)
  grep -qi "noto color emoji" <<<"$fonts" || missing+=(fonts-noto-color-emoji) # chat lines carry emoji
fi
if [ "$want_cluster" = 1 ]; then
  need_cmd etcd || missing+=(etcd-server)
  need_cmd etcdctl || missing+=(etcd-client)
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup.sh: installing ${missing[*]}"
  sudo_cmd=""; [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Web client packages: npm ci only when package-lock.json changed since the last install.
if [ -f webclient/package-lock.json ]; then
  stamp=webclient/node_modules/.courtside-lock.sha
  sum=$(sha256sum webclient/package-lock.json | cut -d' ' -f1)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$sum" ]; then
    echo "setup.sh: npm ci (webclient)"
    (cd webclient && npm ci --no-audit --no-fund --loglevel=error)
    echo "$sum" > "$stamp"
  fi
fi
