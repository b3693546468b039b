#!/usr/bin/env bash
# Installs a Debian package a test suite needs when none of its commands is on PATH (as root,
# or with sudo). The queue-mode suite needs redis-server; the editor suite, chromium.
#   scripts/ensure-debian-package.sh <package> <command> [<command> ...]
set -euo pipefail
package="$1"
shift
for command in "$@"; do
	command -v "$command" >/dev/null && exit 0
done
sudo=""
if [[ $EUID -ne 0 ]]; then
	command -v sudo >/dev/null || { echo "$package is missing and this user cannot install it: apt-get install -y $package" >&2; exit 1; }
	sudo="sudo"
fi
echo "installing $package (Debian package) for the tests" >&2
log="$(mktemp)"
if ! ($sudo apt-get update && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$package") >"$log" 2>&1; then
	cat "$log" >&2
	rm -f "$log"
	echo "could not install $package" >&2
	exit 1
fi
rm -f "$log"
