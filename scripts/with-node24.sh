#!/usr/bin/env bash
# Runs a command on Node 24: as it is when the machine's node is 24 or newer, otherwise with a
# Node 24 from the npm registry (cached by ensure-runtime.sh) first on PATH.
#   scripts/with-node24.sh npm ci && scripts/with-node24.sh npm run dev
set -euo pipefail
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 24 ]; then
	NODE_BIN="$(bash "$(dirname "${BASH_SOURCE[0]}")/ensure-runtime.sh" node)"
	export PATH="$NODE_BIN:$PATH"
fi
# Native modules, if any get built, must use this node's headers (not a machine-wide nodedir).
npm_config_nodedir="$(dirname "$(dirname "$(command -v node)")")"
export npm_config_nodedir
exec "$@"
