/**
 * Command line: `npx tsx tools/sandbox/cli.cts [--port 4010] [--time-scale 1]
 * [--members N] [--no-rate-limits [--advertise-unlimited]] [--seed 1] [--feed-backlog N] [--opt-outs N]
 * [--events N] [--content-per-type N] [--host H] [--client-id ID]
 * [--access-token T] [--start-time ISO] [--job-ms 1450] [--remaining-rounding down|nearest] [--verbose]`
 */
import { type SandboxOptions, startSandbox } from './server.cjs';

const USAGE = `Usage: tsx tools/sandbox/cli.cts [options]
  --port N              port (default 4010; 0 = any free port)
  --host H              host (default 127.0.0.1)
  --time-scale K        clock speed and rate refill factor (default 1)
  --seed N              data seed (default 1)
  --members N           members (default 300)
  --events N            events (default 24)
  --content-per-type N  items per content kind (default 40)
  --opt-outs N          email opt-out rows (default 300)
  --feed-backlog N      rows in the members feed at start (default: every member)
  --no-rate-limits      do not enforce the rate tiers
  --advertise-unlimited with --no-rate-limits: the X-RateLimit-* headers announce 1,000,000 a second,
                        so a client that paces by them runs at full speed
  --client-id ID        expected x-client-id (default sandbox-client-id)
  --access-token T      expected bearer token (default sandbox-access-token)
  --start-time ISO      where the sandbox clock starts (default: now)
  --job-ms N            what a 100-row batch job takes, sandbox clock (default 1450)
  --remaining-rounding  how X-RateLimit-Remaining rounds the tokens: down (default) or nearest
  --verbose             log every API request`;

function parseArgs(argv: string[]): SandboxOptions {
	const options: SandboxOptions = { port: 4010 };
	const numeric: Record<string, keyof SandboxOptions> = {
		'--port': 'port',
		'--time-scale': 'timeScale',
		'--seed': 'seed',
		'--members': 'members',
		'--events': 'events',
		'--content-per-type': 'contentPerType',
		'--opt-outs': 'optOuts',
		'--feed-backlog': 'feedBacklog',
		'--job-ms': 'jobMs',
	};
	const text: Record<string, keyof SandboxOptions> = {
		'--host': 'host',
		'--client-id': 'clientId',
		'--access-token': 'accessToken',
		'--start-time': 'startTime',
	};
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=', 2);
		const value = () => inline ?? argv[++i];
		if (flag === '--help' || flag === '-h') {
			console.log(USAGE);
			process.exit(0);
		} else if (flag === '--no-rate-limits') options.rateLimits = false;
		else if (flag === '--advertise-unlimited') options.advertisedLimits = 'unlimited';
		else if (flag === '--verbose') options.verbose = true;
		else if (flag === '--remaining-rounding') {
			const v = value();
			if (v !== 'down' && v !== 'nearest') throw new Error(`${flag} is down or nearest`);
			options.remainingRounding = v;
		}
		else if (numeric[flag]) {
			const n = Number(value());
			if (!Number.isFinite(n)) throw new Error(`${flag} needs a number`);
			(options as Record<string, unknown>)[numeric[flag]] = n;
		} else if (text[flag]) {
			const v = value();
			if (v === undefined) throw new Error(`${flag} needs a value`);
			(options as Record<string, unknown>)[text[flag]] = v;
		} else throw new Error(`unknown option ${argv[i]}\n${USAGE}`);
	}
	return options;
}

async function main(): Promise<void> {
	const sandbox = await startSandbox(parseArgs(process.argv.slice(2)));
	console.log(`Sandbox API listening on ${sandbox.url}`);
	const stop = () => {
		sandbox.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
