/*
 * supervise.cjs <command> [args...]
 *
 * Runs a command as the leader of its own process group and makes sure it does not outlive
 * the process that started it (CPN_SUPERVISE_PARENT), however that one ends (Ctrl+C on
 * jest, a crash, SIGKILL): every second it checks the parent; once the parent is gone it
 * sends SIGTERM to the command and, after a grace period, SIGKILL to the whole group.
 *
 * The command's output is relayed through pipes this process owns, so the command never
 * writes into a pipe whose reader has died (n8n hangs in shutdown on EPIPE otherwise).
 * Exits with the command's exit code (128 + signal number when it was killed).
 */
'use strict';
const { spawn } = require('child_process');
const os = require('os');

const [command, ...args] = process.argv.slice(2);
const parentPid = Number(process.env.CPN_SUPERVISE_PARENT || process.ppid);
const graceMs = Number(process.env.CPN_SUPERVISE_GRACE_MS || 15000);
const env = { ...process.env };
delete env.CPN_SUPERVISE_PARENT;
delete env.CPN_SUPERVISE_GRACE_MS;

let outputOpen = true;
const relay = (stream) => (chunk) => {
	if (!outputOpen) return;
	try {
		stream.write(chunk);
	} catch {
		outputOpen = false;
	}
};
for (const s of [process.stdout, process.stderr]) s.on('error', () => (outputOpen = false));

const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
child.stdout.on('data', relay(process.stdout));
child.stderr.on('data', relay(process.stderr));

const killGroup = (signal) => {
	try {
		process.kill(-process.pid, signal);
	} catch {
		// group gone
	}
};

let orphaned = false;
const watchdog = setInterval(() => {
	let alive = process.ppid === parentPid;
	if (alive) {
		try {
			process.kill(parentPid, 0);
		} catch {
			alive = false;
		}
	}
	if (alive || orphaned) return;
	orphaned = true;
	outputOpen = false;
	try {
		child.kill('SIGTERM');
	} catch {
		// already gone
	}
	setTimeout(() => killGroup('SIGKILL'), graceMs).unref();
}, 1000);

// Group-wide signals reach the command directly; this process just waits for it to end.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => {});

child.on('error', (err) => {
	relay(process.stderr)(`supervise: cannot start ${command}: ${err.message}\n`);
	clearInterval(watchdog);
	process.exit(127);
});
child.on('exit', (code, signal) => {
	clearInterval(watchdog);
	const status = code !== null ? code : 128 + (os.constants.signals[signal] || 0);
	// Let relayed output drain, then take any leftover grandchildren with us.
	setImmediate(() => {
		if (orphaned) killGroup('SIGKILL');
		process.exit(status);
	});
});
