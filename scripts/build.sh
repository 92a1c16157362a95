#!/usr/bin/env bash
# Compiles src/ to dist/ (what `siteqa` runs when it is up to date), only when a source changed
# since the last build. `npm run build`; `npm start` and `npm test` call it through setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f dist/.built ] && [ -z "$(find src -name '*.ts' -newer dist/.built -print -quit)" ]; then
  exit 0
fi
printf 'setup: compiling src/ to dist/\n' >&2
rm -rf dist
npx tsc -p tsconfig.build.json
touch dist/.built
