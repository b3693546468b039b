#!/usr/bin/env bash
# Runs a command with Node 24 first on PATH (installing it into the cache on first use).
# For machines whose node is older, e.g. CI:   scripts/with-node24.sh npm ci
set -euo pipefail
NODE_BIN="$("$(dirname "${BASH_SOURCE[0]}")/ensure-runtime.sh" node)"
export PATH="$NODE_BIN:$PATH"
exec "$@"
