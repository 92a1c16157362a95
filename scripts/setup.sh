#!/usr/bin/env bash
# Installs what is missing before `npm start` / `npm test`: npm packages (when package-lock.json
# changed), Debian's Chromium (when absent), and, for tests, a running local PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'setup: %s\n' "$*" >&2; }

# 1. npm packages, reinstalled only when the lock file changed.
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f node_modules/.siteqa-lock ] || [ "$(cat node_modules/.siteqa-lock)" != "$lock_hash" ]; then
  say "installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$lock_hash" > node_modules/.siteqa-lock
fi

# 2. The compiled CLI (dist/), rebuilt only when a source changed: `siteqa` then starts in a blink.
bash scripts/build.sh

# 3. Chromium (Playwright cannot download browsers here; Debian's packages are the browser). Audits
#    drive Debian's headless shell (src/capture/chromium-path.ts); the full browser is the fallback.
chromium_path="${CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}"
if [ ! -x "$chromium_path" ] || [ ! -x /usr/bin/chromium ]; then
  say "installing Debian's chromium and its headless shell"
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-headless-shell fonts-liberation >/dev/null \
    || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-liberation >/dev/null
fi

# 4. Tests talk to the real PostgreSQL on 127.0.0.1:5432 (database "test"): start it when down.
if [ "${1:-}" = "--test" ]; then
  if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
    say "starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  fi
  pg_isready -h 127.0.0.1 -p 5432 -q || { say "PostgreSQL is not reachable on 127.0.0.1:5432"; exit 1; }
fi
