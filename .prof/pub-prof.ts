import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStorage } from '@/db/sqlite-storage';
import { createEditor } from '@/lib/editor';
import { silentLogger } from '@/lib/logger';
import { ephemeralSecretsKey } from '@/lib/secrets';
const snapshot = {
  name: 'Bench agent',
  model: 'openai/gpt-4o-mini',
  instructions: 'You help with unit conversion, time zones and the knowledge base. '.repeat(8),
  tools: [
    { value: { 'convert-units': {}, 'world-time': {} } },
    { value: { 'search-knowledge-base': {} }, rules: { operator: 'AND', conditions: [{ field: 'tier', operator: 'equals', value: 'pro' }] } },
  ],
};
const folder = mkdtempSync(join(tmpdir(), 'prof-'));
const storage = openSqliteStorage({ url: `file:${join(folder, 'bench.db')}` });
await storage.migrate();
const editor = createEditor({ storage, settings: { stdioAllowedCommands: [] }, secretsKey: ephemeralSecretsKey(), logger: silentLogger });
await editor.agents.create({ id: 'bench', ...snapshot });
await editor.agents.update({ id: 'bench', baseVersionNumber: 1, instructions: 'x' });
const mode = process.env.MODE ?? 'publish';
let latest = 2; let flip = 0;
const times: number[] = [];
async function run(count: number) {
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    if (mode === 'publish') await editor.agents.publish({ id: 'bench', versionNumber: 1 + (flip++ % 2) });
    else { const r = await editor.agents.update({ id: 'bench', baseVersionNumber: latest, instructions: `Version ${latest}` }); latest = r.version.versionNumber; }
    times.push(performance.now() - t);
  }
}
await run(3000);
times.length = 0;
await run(Number(process.env.N ?? 20000));
times.sort((a, b) => a - b);
console.log(mode, 'median µs', (times[times.length >> 1] * 1000).toFixed(1));
await storage.close();
