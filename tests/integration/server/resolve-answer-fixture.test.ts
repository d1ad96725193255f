/**
 * The resolve answer of the seeded demo agent (the agent the HTTP bench resolves) for the bench's
 * contexts, byte for byte as recorded in tests/fixtures/resolve-answers/demo-assistant.json before
 * the direct path kept answers as bytes. Only the version id, random per database, is left out.
 * When the demo agent or the answer's documented shape changes on purpose, record the file again
 * from the server (the same requests, the version id replaced by `<versionId>`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

interface RecordedAnswer {
  request: Record<string, unknown>;
  status: number;
  contentType: string;
  answer: string;
}

const recorded = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'resolve-answers', 'demo-assistant.json'), 'utf8'),
) as RecordedAnswer[];

describe('the demo agent resolved over HTTP', () => {
  const url = inject('serverUrl');

  it.each(recorded.map((entry) => [JSON.stringify(entry.request), entry] as const))(
    'answers %s as recorded',
    async (_name, entry) => {
      // Twice: the first answer is built, the second comes from the kept bytes.
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await fetch(`${url}/api/agents/demo-assistant/resolve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(entry.request),
        });
        const text = await response.text();
        const { versionId } = JSON.parse(text) as { versionId: string };
        expect(response.status).toBe(entry.status);
        expect(response.headers.get('content-type')).toBe(entry.contentType);
        expect(text.split(versionId).join('<versionId>')).toBe(entry.answer);
      }
    },
  );
});
