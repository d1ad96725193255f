import { readFileSync, readdirSync } from 'node:fs';
const file = readdirSync('.').find((f) => f.endsWith('.cpuprofile'));
const p = JSON.parse(readFileSync(file, 'utf8'));
const self = new Map(); const byId = new Map(p.nodes.map((n) => [n.id, n]));
const counts = new Map(); for (const s of p.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
const total = p.samples.length;
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const mode = process.argv[2] ?? 'self';
for (const [id, c] of counts) {
  const n = byId.get(id);
  if (mode === 'self') { const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + c); }
  else { // inclusive by function
    const seen = new Set(); let cur = id;
    while (cur !== undefined) { const m = byId.get(cur); const k = `${m.callFrame.functionName || '(anon)'} ${m.callFrame.url.split('/').slice(-2).join('/')}:${m.callFrame.lineNumber}`; if (!seen.has(k)) { seen.add(k); self.set(k, (self.get(k) ?? 0) + c); } cur = parent.get(cur); }
  }
}
console.log('total samples', total);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 45))) console.log((100 * v / total).toFixed(1).padStart(5), k);
