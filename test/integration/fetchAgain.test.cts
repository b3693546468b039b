/**
 * The e2e tools' fetch (tools/n8n/processes.cts): a request that meets a connection the server
 * closed ("other side closed", as when a busy test process reuses a kept-alive socket the server
 * has just dropped as idle) goes once more, whatever its method; a second failure names the
 * request. Seen in CI in the durable run of trigger-lifecycle (its hang case, then its rename
 * case: a request the tools did not send again then).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { fetchAgain } from '../../tools/n8n/processes.cjs';

let server: Server;
let url: string;
/** How many of the coming requests the server drops without an answer. */
let toDrop = 0;
let received: string[] = [];

beforeAll(async () => {
	server = createServer((req, res) => {
		received.push(req.method!);
		if (toDrop > 0) {
			toDrop--;
			req.socket.destroy();
			return;
		}
		res.end('answered');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/workflows/1`;
});
afterAll(async () => await new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
	received = [];
});

it('sends a PATCH once more after the server closed the connection, and hands back the answer', async () => {
	toDrop = 1;
	const res = await fetchAgain(url, { method: 'PATCH', body: '{}' });
	expect(await res.text()).toBe('answered');
	expect(received).toEqual(['PATCH', 'PATCH']);
});

it('fails naming the request when the connection is closed again', async () => {
	toDrop = 2;
	await expect(fetchAgain(url, { method: 'POST', body: '{}' })).rejects.toThrow(`POST ${url}, sent again after a dropped connection: fetch failed`);
	expect(received).toEqual(['POST', 'POST']);
});

it('does not send again when nothing answers at all, and names the request', async () => {
	const closed = 'http://127.0.0.1:9/nothing-listens';
	await expect(fetchAgain(closed)).rejects.toThrow(`GET ${closed}: fetch failed`);
});
