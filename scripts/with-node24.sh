#!/usr/bin/env bash
# Runs a command on Node 24: as it is when the machine's node is 24 or newer, otherwise with a
# Node 24 from the npm registry (cached by ensure-runtime.sh) first on PATH. That download exists
# for Linux (x64, arm64) only: on macOS, install Node 24 (brew install node@24) and put it first.
#   scripts/with-node24.sh npm ci && scripts/with-node24.sh npm run dev
set -euo pipefail
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -lt 24 ]; then
	NODE_BIN="$(bash "$(dirname "${BASH_SOURCE[0]}")/ensure-runtime.sh" node)"
	export PATH="$NODE_BIN:$PATH"
fi
# Native modules, if any get built, must use this node's headers (not a machine-wide nodedir).
# node-gyp reads `npm_package_config_node_gyp_nodedir` (and lets it win over npm's settings);
# npm itself does not know `nodedir` and warns about it wherever it is set, so a user npmrc that
# sets it is read through a copy without that line.
npm_package_config_node_gyp_nodedir="$(dirname "$(dirname "$(command -v node)")")"
export npm_package_config_node_gyp_nodedir
user_npmrc="${npm_config_userconfig:-$HOME/.npmrc}"
nodedir_line='^[[:space:]]*nodedir[[:space:]]*='
if [[ -f "$user_npmrc" ]] && grep -Eq "$nodedir_line" "$user_npmrc"; then
	filtered="${CPN_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-community-platform}/npmrc"
	mkdir -p "$(dirname "$filtered")"
	grep -Ev "$nodedir_line" "$user_npmrc" >"$filtered" || true
	export npm_config_userconfig="$filtered"
fi
exec "$@"
