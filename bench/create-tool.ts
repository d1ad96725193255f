/**
 * `createTool` with a 10-property JSON Schema, as a provider that builds its tools on every request
 * would call it, against building the same object as a plain literal. Each schema is a fresh (but
 * equal) object, as a provider or MCP server hands out; batches of 100 per sample.
 */
import { createTool } from '../lib/tools';
import { row, sampleMicroseconds, summarize, type BenchRow } from './harness';

const batch = 100;
const properties = Object.fromEntries(
  Array.from({ length: 10 }, (_, index) => [
    `field${index}`,
    { type: index % 2 ? 'string' : 'number', description: `Field number ${index}` },
  ]),
);

function freshSchema() {
  return { type: 'object', properties: structuredClone(properties), required: ['field0'] };
}

export async function benchCreateTool(): Promise<BenchRow[]> {
  const execute = async () => 'done';
  const literal = () => {
    for (let index = 0; index < batch; index++) {
      void { id: `tool-${index}`, description: 'A bench tool', inputSchema: freshSchema(), execute };
    }
  };
  const created = () => {
    for (let index = 0; index < batch; index++) {
      createTool({ id: `tool-${index}`, description: 'A bench tool', inputSchema: freshSchema(), execute });
    }
  };
  const literalSamples: number[] = [];
  const createdSamples: number[] = [];
  for (let round = 0; round < 10; round++) {
    literalSamples.push(...(await sampleMicroseconds(literal, { iterations: 50, warmup: 5 })));
    createdSamples.push(...(await sampleMicroseconds(created, { iterations: 50, warmup: 5 })));
  }
  const perTool = (samples: number[]) => samples.map((sample) => sample / batch);
  const baseline = summarize(perTool(literalSamples));
  return [
    row(
      'createTool, 10-property JSON Schema (fresh equal schema each time) vs a plain object literal',
      'µs',
      summarize(perTool(createdSamples)),
      baseline.median,
      '<= 10x',
    ),
  ];
}
