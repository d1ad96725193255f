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
let latest = 1;
const n = Number(process.env.N ?? 20000);
async function run(count: number) {
  for (let i = 0; i < count; i++) {
    const r = await editor.agents.update({ id: 'bench', baseVersionNumber: latest, instructions: `Version ${latest}` });
    latest = r.version.versionNumber;
  }
}
await run(2000);
const t = performance.now();
await run(n);
console.log('save µs', ((performance.now() - t) * 1000) / n);
await storage.close();
