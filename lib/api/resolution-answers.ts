/**
 * The direct resolve path's answers as UTF-8 bytes, kept per memoised resolution: the runtime hands
 * the same tools, explanation, warnings and hash back for the same version, matched variants and
 * source state, so their JSON (the tail, about 6 KB for the demo agent) is written once; the last
 * few heads (ids, rendered instructions, model) are kept with their whole answers and reused while
 * every head field is equal. Writing the answer afresh costs about 20 µs a request, which the HTTP
 * resolve bound (≥ 0.4 of a bare server) does not leave room for (docs/performance.md).
 *
 * Owned by one direct path, so by one server and studio; entries go when the runtime's memo lets
 * its resolutions go.
 */
import type { Resolution } from '../runtime';
import { resolutionHead, resolutionTail } from './routes/resolve';

export interface ResolutionAnswers {
  /** The answer's bytes; they may be shared between requests: write them, never change them. */
  bytes(resolution: Resolution): Buffer;
}

type Head = Pick<Resolution, 'agentId' | 'versionId' | 'versionNumber' | 'label' | 'instructions' | 'model'>;

interface Answer extends Head {
  bytes: Buffer;
}

const sameHead = (left: Head, right: Head) =>
  left.instructions === right.instructions &&
  left.agentId === right.agentId &&
  left.versionId === right.versionId &&
  left.versionNumber === right.versionNumber &&
  left.label === right.label &&
  left.model === right.model;

export function createResolutionAnswers({ answersPerResolution = 8 } = {}): ResolutionAnswers {
  // Keyed by the memoised explanation: one object per memoised resolution, never per request.
  const byResolution = new WeakMap<object, { tail: string; answers: Answer[] }>();
  return {
    bytes(resolution) {
      let entry = byResolution.get(resolution.explanation);
      if (entry === undefined) {
        entry = { tail: resolutionTail(resolution), answers: [] };
        byResolution.set(resolution.explanation, entry);
      }
      const { answers } = entry;
      const index = answers.findIndex((answer) => sameHead(answer, resolution));
      if (index >= 0) {
        const [found] = answers.splice(index, 1);
        answers.unshift(found!);
        return found!.bytes;
      }
      const { agentId, versionId, versionNumber, label, instructions, model } = resolution;
      const bytes = Buffer.from(`${resolutionHead(resolution).slice(0, -1)}${entry.tail}`, 'utf8');
      answers.unshift({ agentId, versionId, versionNumber, label, instructions, model, bytes });
      if (answers.length > answersPerResolution) answers.pop();
      return bytes;
    },
  };
}
