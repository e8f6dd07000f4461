#!/usr/bin/env bash
# The folder moves of decisions 075-076 as one command, so they can be run again on any tree
# (e.g. after merging branches written against the old paths): every area folder into
# areas/platform/, areas/records/ or areas/readers/, and the web's features/vender into
# features/vendor. A folder that is missing (already moved, or not there) is skipped. Commit the
# result on its own: it holds only renames and import paths.
set -euo pipefail
cd "$(dirname "$0")/.."
A=apps/server/src/areas
W=apps/web/src/features
moves=()
add() { if [ -e "$1" ] && [ ! -e "$2" ]; then moves+=("$1=$2"); fi; }
for a in auth trust admin documents exports settings lookups mrz entries; do add "$A/$a" "$A/platform/$a"; done
for a in tickets umrah visa gamca navtcc services protector expense refunded refund-customer agent \
  accounts ledgers payments; do add "$A/$a" "$A/records/$a"; done
add "$A/vender" "$A/records/vendor"
for a in banks close dashboard reports statements receipts customers passengers alerts morning collect; do
  add "$A/$a" "$A/readers/$a"
done
add "$W/vender" "$W/vendor"
if [ ${#moves[@]} -gt 0 ]; then node scripts/move-folders.mjs "${moves[@]}"; fi
if [ -e "$W/vendor/vender-form.tsx" ]; then
  node scripts/move-folders.mjs "$W/vendor/vender-form.tsx=$W/vendor/vendor-form.tsx"
fi
# The moved import paths sort differently; Biome puts them back in order (imports only).
npx biome check --write --formatter-enabled=true --linter-enabled=false . > /dev/null
