#!/usr/bin/env bash
# npm run test:all: the quick suite, then every suite that runs a real n8n, in two lanes side by
# side (their tests mostly wait on polls and clocks, so two cores hold both):
#   lane A  most of the e2e suite's trigger files on n8n 2.41.1 (legacy scheduler), the editor,
#           the 1.x subset
#   lane B  the scheduler files on the durable scheduler, queue mode's triggers, worker kill,
#           restart of main and PostgreSQL copy, the rest of the e2e suite (member-trigger with it)
# (about 1,300 s of work each, measured) and then, alone, queue mode's reads and writes, timed
# against the tiers' minimum.
# Each lane goes on through a failed suite, so one run shows every failure; the script fails if
# any suite did. Each line of a lane's output is prefixed with its name, and each suite's time is
# printed at the end. What the suites need from the machine is checked (and installed, where
# scripts/check-system.sh may) once, and the package is built and packed once for every suite.
set -uo pipefail
cd "$(dirname "$0")/.."

npm test || exit 1

bash scripts/check-system.sh --install postgres redis chromium || exit 1

npm run build --silent || exit 1
pack_dir="$(mktemp -d)"
trap 'rm -rf "$pack_dir"' EXIT
npm pack --ignore-scripts --silent --pack-destination "$pack_dir" >/dev/null || exit 1
CPN_E2E_TARBALL="$(ls "$pack_dir"/*.tgz)"
export CPN_E2E_TARBALL

# n8n 2.41.1 before the lanes start (under .ci/run, its background install is what the lanes wait
# for). Not 1.123.81: only lane A's third suite needs it, and its install (the one .ci/run started
# in the background, or the suite's own) goes on meanwhile.
bash scripts/ensure-runtime.sh n8n >/dev/null || exit 1

times="$(mktemp)"
# suite NAME COMMAND...: runs one suite, records its time and outcome.
suite() {
	local name=$1 started=$SECONDS rc
	shift
	"$@"
	rc=$?
	printf '%-12s %5d s  %s\n' "$name" $((SECONDS - started)) "$([ $rc -eq 0 ] && echo passed || echo FAILED)" >>"$times"
	return $rc
}
# suites NAME COMMAND... ;; NAME COMMAND...: runs each in turn, on through a failure; fails if any did.
suites() {
	local failed=0
	while (($#)); do
		local name=$1 cmd=()
		shift
		while (($#)) && [ "$1" != ';;' ]; do cmd+=("$1"); shift; done
		(($#)) && shift
		suite "$name" "${cmd[@]}" || failed=1
	done
	return $failed
}
# lane LABEL SUITES...: the suites, each output line prefixed with the lane's label.
lane() {
	local label=$1
	shift
	suites "$@" 2>&1 | sed -u "s/^/[$label] /"
	return "${PIPESTATUS[0]}"
}

# Each suite's own npm script (package.json): its check of the machine finds everything installed.
# Queue mode's reads and writes are timed against the tiers' minimum: they run after the lanes,
# alone, so that the other lane's work cannot slow them (side by side its reads took 1.16 x, where
# it allows 1.1); its other file, in lane B, times nothing.
queue=(npx jest -c jest.queue.config.js --runInBand)
# The e2e suite in two parts, one per lane (each part's files share one n8n of their own).
triggers=(trigger-lifecycle rate-limit-storm trigger-scheduler trigger-correctness readme-install mcp-builder)
lane A \
	e2e-triggers npm run test:e2e -- "${triggers[@]}" ';;' \
	ui npm run test:ui ';;' \
	1x npm run test:e2e:1x &
lane_a=$!
lane B \
	durable npm run test:e2e:durable ';;' \
	queue "${queue[@]}" test/e2e/queue/queue-mode ';;' \
	e2e-rest npm run test:e2e -- --testPathIgnorePatterns /node_modules/ "${triggers[@]}" &
lane_b=$!
status=0
wait $lane_a || status=1
wait $lane_b || status=1
lane Q \
	queue-load "${queue[@]}" test/e2e/queue/queue-load || status=1
echo
echo "test:all, each suite's time:"
cat "$times"
rm -f "$times"
exit $status
