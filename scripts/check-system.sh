#!/usr/bin/env bash
# Checks, in a few seconds, what the full suite (npm run test:all) needs from the machine, and
# names everything missing at once, with how to get it on Debian/Ubuntu and on macOS:
#   Node 24     node 24 or newer on PATH, or a Linux (x64, arm64) where scripts/with-node24.sh
#               downloads it
#   PostgreSQL  13 or newer (the queue-mode suite, the opt-out sync e2e): the folder holding initdb, postgres and
#               createdb, from the first of: $CPN_PG_BIN_DIR; initdb on PATH (symlinks
#               followed); `pg_config --bindir`; the newest <version>/bin under Debian's
#               /usr/lib/postgresql ($CPN_PG_VERSIONS_DIR, for tests)
#   Redis       redis-server on PATH (the queue-mode suite)
#   Chromium    $CHROMIUM_PATH, else the first of chromium, chromium-browser, google-chrome,
#               google-chrome-stable on PATH; it must answer --version (the editor suite)
#
#   scripts/check-system.sh [node|postgres|redis|chromium ...]   check these (default: all)
#   scripts/check-system.sh --install [...]        and install Redis and Chromium when missing
#   scripts/check-system.sh --install-later [...]  check as --install would, install nothing
#   scripts/check-system.sh --find postgres|redis|chromium   print what the suites use
#
# --install installs with apt-get, as root or with passwordless sudo: redis-server, and
# Debian's chromium (not Ubuntu's, a snap stub; never when CHROMIUM_PATH is set). It installs
# nothing when something else is missing, so a machine without PostgreSQL stops at once.
# tools/n8n/postgres.cts, redis.cts and browser.cts call --find: these rules live only here.
set -uo pipefail

PG_MIN=13
BROWSERS=(chromium chromium-browser google-chrome google-chrome-stable)
BROWSER_LIST="chromium, chromium-browser, google-chrome or google-chrome-stable"

# Each find_<name> sets `found` (a path) and `detail` (what was found), or `detail` (why
# nothing was) and fails.
find_node() {
	local major
	major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
	if ((major >= 24)); then
		found=$(command -v node) detail="$(node --version) at $found"
		return 0
	fi
	case "$(uname -s)-$(uname -m)" in
		Linux-x86_64 | Linux-aarch64)
			if command -v npm >/dev/null; then
				found="" detail="scripts/with-node24.sh downloads it (node on PATH: $(node --version 2>/dev/null || echo none))"
				return 0
			fi
			detail="no node 24 on PATH, and no npm for scripts/with-node24.sh to download it with" ;;
		*) detail="no node 24 on PATH (node on PATH: $(node --version 2>/dev/null || echo none))" ;;
	esac
	return 1
}

pg_bin_ok() { [[ -x "$1/initdb" && -x "$1/postgres" && -x "$1/createdb" ]]; }

find_postgres() {
	local dir="" how exe version
	if [[ -n "${CPN_PG_BIN_DIR:-}" ]]; then
		dir="$CPN_PG_BIN_DIR" how="CPN_PG_BIN_DIR"
		pg_bin_ok "$dir" || { detail="CPN_PG_BIN_DIR=$dir has no initdb, postgres and createdb"; return 1; }
	elif exe=$(command -v initdb) && pg_bin_ok "$(dirname "$(realpath "$exe" 2>/dev/null || echo "$exe")")"; then
		dir=$(dirname "$(realpath "$exe" 2>/dev/null || echo "$exe")") how="initdb on PATH"
	elif command -v pg_config >/dev/null && pg_bin_ok "$(pg_config --bindir 2>/dev/null)"; then
		dir=$(pg_config --bindir) how="pg_config --bindir"
	else
		local versions="${CPN_PG_VERSIONS_DIR:-/usr/lib/postgresql}" v
		for v in $(ls "$versions" 2>/dev/null | sort -rn); do
			pg_bin_ok "$versions/$v/bin" && { dir="$versions/$v/bin" how="the newest in $versions"; break; }
		done
		[[ -n "$dir" ]] || { detail="CPN_PG_BIN_DIR is not set, and none by initdb on PATH, pg_config or $versions/<version>/bin"; return 1; }
	fi
	version=$("$dir/postgres" --version 2>/dev/null | sed -n 's/^postgres (PostgreSQL) \([0-9][0-9.]*\).*/\1/p')
	if [[ -z "$version" ]]; then
		detail="$dir/postgres (from $how) does not answer --version"
		return 1
	fi
	if ((${version%%.*} < PG_MIN)); then
		detail="PostgreSQL $version at $dir (from $how) is older than $PG_MIN"
		return 1
	fi
	found="$dir" detail="$version at $dir (from $how)"
}

find_redis() {
	found=$(command -v redis-server) || { detail="no redis-server on PATH"; return 1; }
	detail="$(redis-server --version | sed -n 's/.*v=\([^ ]*\).*/\1/p') at $found"
}

find_chromium() {
	local exe="" name version
	if [[ -n "${CHROMIUM_PATH:-}" ]]; then
		exe=$(command -v "$CHROMIUM_PATH") || { detail="CHROMIUM_PATH=$CHROMIUM_PATH is not an executable"; return 1; }
	else
		for name in "${BROWSERS[@]}"; do exe=$(command -v "$name") && break; done
		[[ -n "$exe" ]] || { detail="no CHROMIUM_PATH, and no $BROWSER_LIST on PATH"; return 1; }
	fi
	# Ubuntu's chromium and chromium-browser packages are stubs that ask for the snap.
	version=$("$exe" --version 2>/dev/null | head -n 1) || { detail="$exe does not run (--version fails)"; return 1; }
	found="$exe" detail="$version at $exe${CHROMIUM_PATH:+ (CHROMIUM_PATH)}"
}

label() {
	case "$1" in
		node) echo "Node 24" ;;
		postgres) echo "PostgreSQL" ;;
		redis) echo "Redis" ;;
		chromium) echo "Chromium" ;;
	esac
}

hint() {
	case "$1" in
		node) cat <<-'EOF'
			  Node 24 (everything)
			    Debian/Ubuntu:    any node >= 18 with npm (sudo apt-get install nodejs npm); run commands through scripts/with-node24.sh
			    macOS (Homebrew): brew install node@24, first on PATH
		EOF
		;;
		postgres) cat <<-EOF
			  PostgreSQL $PG_MIN or newer (queue-mode suite; nothing has to run, the suite starts its own)
			    Debian/Ubuntu:    sudo apt-get install postgresql
			    macOS (Homebrew): brew install postgresql@17, then export CPN_PG_BIN_DIR="\$(brew --prefix postgresql@17)/bin"
			    elsewhere:        export CPN_PG_BIN_DIR=<the folder holding initdb and postgres>
		EOF
		;;
		redis) cat <<-'EOF'
			  Redis (queue-mode suite; nothing has to run, the suite starts its own)
			    Debian/Ubuntu:    sudo apt-get install redis-server
			    macOS (Homebrew): brew install redis
		EOF
		;;
		chromium) cat <<-'EOF'
			  Chromium or Google Chrome (editor suite)
			    Debian:           sudo apt-get install chromium
			    Ubuntu:           its chromium package is a snap stub: install Google Chrome (google-chrome-stable), or set CHROMIUM_PATH to a Chromium
			    macOS (Homebrew): brew install --cask chromium, then export CHROMIUM_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium
			    any:              export CHROMIUM_PATH=<a Chromium or Chrome executable>
		EOF
		;;
	esac
}

# The apt command this user may run without a password, or nothing.
apt_as() {
	command -v apt-get >/dev/null || return 1
	if [[ $EUID -eq 0 ]]; then echo "env"; elif sudo -n true 2>/dev/null; then echo "sudo -n env"; else return 1; fi
}

# The Debian package that --install installs for a missing <name>, or nothing.
package_for() {
	apt_as >/dev/null || return 1
	case "$1" in
		redis) echo redis-server ;;
		chromium)
			[[ -z "${CHROMIUM_PATH:-}" ]] && (. /etc/os-release 2>/dev/null && [[ "${ID:-}" == debian ]]) || return 1
			echo chromium ;;
		*) return 1 ;;
	esac
}

if [[ "${1:-}" == --find ]]; then
	[[ "${2:-}" =~ ^(postgres|redis|chromium)$ ]] || { echo "usage: $0 --find postgres|redis|chromium" >&2; exit 2; }
	if "find_$2"; then echo "$found"; exit 0; fi
	echo "$(label "$2") not found: $detail. Run scripts/check-system.sh for how to get it." >&2
	exit 1
fi

mode=check
if [[ "${1:-}" == --install || "${1:-}" == --install-later ]]; then mode="$1"; shift; fi
names=("$@")
((${#names[@]})) || names=(node postgres redis chromium)
for name in "${names[@]}"; do
	[[ "$name" =~ ^(node|postgres|redis|chromium)$ ]] || { echo "unknown dependency: $name (node, postgres, redis or chromium)" >&2; exit 2; }
done

missing=() packages=()
report() {
	local name
	missing=() packages=()
	for name in "${names[@]}"; do
		if "find_$name"; then
			printf '  %-8s %-11s %s\n' ok "$(label "$name")" "$detail"
		elif [[ $mode != check ]] && package=$(package_for "$name"); then
			packages+=("$package")
			printf '  %-8s %-11s %s\n' install "$(label "$name")" "$detail; --install installs $package (apt-get)"
		else
			missing+=("$name")
			printf '  %-8s %-11s %s\n' MISSING "$(label "$name")" "$detail"
		fi
	done
}

echo "What the full suite needs from this machine (scripts/check-system.sh):"
report
if ((${#missing[@]})); then
	list=""
	for name in "${missing[@]}"; do list+="${list:+, }$(label "$name")"; done
	echo "Missing: $list. How to get each:"
	for name in "${missing[@]}"; do hint "$name"; done
	exit 1
fi
if [[ $mode == --install ]] && ((${#packages[@]})); then
	as=$(apt_as)
	echo "installing ${packages[*]} (apt-get)"
	log=$(mktemp)
	if ! ($as apt-get update && $as DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}") >"$log" 2>&1; then
		cat "$log"
		rm -f "$log"
		echo "could not install ${packages[*]}"
		exit 1
	fi
	rm -f "$log"
	mode=check
	report
	((${#missing[@]} == 0)) || exit 1
fi
exit 0
