import { ensureRuntime } from './test/e2e/lib/runtime';
import { packPackage, installTarball, bundledModules } from './test/e2e/lib/pack';
import { N8n } from './test/e2e/lib/n8n';
(async () => {
  const rt = ensureRuntime();
  let t = Date.now();
  const tgz = packPackage(rt);
  console.log('packed', tgz, Date.now() - t); t = Date.now();
  const { mkdtempSync } = await import('node:fs');
  const uf = mkdtempSync('/tmp/cpn-scratch/uf-');
  const dir = installTarball(rt, tgz, uf);
  console.log('installed', dir, bundledModules(dir), Date.now() - t); t = Date.now();
  const n8n = await N8n.start({ runtime: rt, userFolder: uf, resolveProbe: true });
  console.log('ready', n8n.url, Date.now() - t); t = Date.now();
  try {
    await n8n.client.setupOwner();
    console.log('owner ok', Date.now() - t);
    const nt = await n8n.client.nodeTypes();
    console.log('node types', nt.length, nt.filter((n) => n.name.includes('ommunity')).map((n) => n.name));
    const ct = await n8n.client.credentialTypes();
    console.log('cred types', ct.filter((n) => n.name.includes('ommunity')).map((n) => n.name));
    const cred = await n8n.client.createCredential('Sandbox', 'communityPlatformApi', { baseUrl: 'http://127.0.0.1:4010', clientId: 'a', accessToken: 'b' });
    console.log('cred', cred.id, cred.name);
    console.log(await n8n.client.listCredentials());
    console.log(n8n.resolveProbeEntries());
  } catch (e) { console.error(e); }
  console.log(n8n.log.split('\n').filter(l=>/rror|warn|ommunity/i.test(l)).slice(0,40).join('\n'));
  await n8n.stop({ keepUserFolder: true });
  console.log('stopped');
})();
