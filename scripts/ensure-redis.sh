#!/usr/bin/env bash
# The queue-mode suite (npm run test:queue) starts its own Redis from Debian's redis-server
# package. This installs it when it is missing (as root, or with sudo); PostgreSQL 15 is expected
# to be installed already (/usr/lib/postgresql/15/bin).
set -euo pipefail
if command -v redis-server >/dev/null; then
	exit 0
fi
sudo=""
if [[ $EUID -ne 0 ]]; then
	if ! command -v sudo >/dev/null; then
		echo "redis-server is missing and this user cannot install it: apt-get install -y redis-server" >&2
		exit 1
	fi
	sudo="sudo"
fi
echo "installing redis-server (Debian package) for the queue-mode suite" >&2
apt_log="$(mktemp)"
if ! ($sudo apt-get update && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server) >"$apt_log" 2>&1; then
	cat "$apt_log" >&2
	rm -f "$apt_log"
	echo "could not install redis-server (needed by npm run test:queue)" >&2
	exit 1
fi
rm -f "$apt_log"
redis-server --version >&2
