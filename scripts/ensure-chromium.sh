#!/usr/bin/env bash
# The editor suite (npm run test:ui) drives Debian's Chromium through playwright-core. This
# installs it when it is missing (as root, or with sudo).
set -euo pipefail
for exe in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
	[[ -n "$exe" && -x "$exe" ]] && exit 0
done
sudo=""
if [[ $EUID -ne 0 ]]; then
	command -v sudo >/dev/null || { echo "chromium is missing and this user cannot install it: apt-get install -y chromium" >&2; exit 1; }
	sudo="sudo"
fi
echo "installing chromium (Debian package) for the editor suite" >&2
log="$(mktemp)"
if ! ($sudo apt-get update && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium) >"$log" 2>&1; then
	cat "$log" >&2
	rm -f "$log"
	echo "could not install chromium (needed by npm run test:ui)" >&2
	exit 1
fi
rm -f "$log"
