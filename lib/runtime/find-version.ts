/**
 * Which version a resolution uses (docs/resolution.md). Stored agents:
 * the selector's version, published by default, failing closed. Code agents: their override
 * record's version when the `editor` setting lets the record be read and one is selected; with no
 * record or nothing published, `undefined` (the agent runs as defined in code).
 */
import type { FoundVersion } from '../editor';
import { isStudioError, StudioError } from '../errors';
import { codeAgentModes } from '../resolver';
import type { VersionSelector } from '../versions';
import type { CodeAgent } from './code-agent';

export interface AgentVersionReader {
  loadVersion(request: {
    id: string;
    selector?: VersionSelector;
    fallback: 'published' | 'latest';
  }): Promise<FoundVersion>;
}

function noRecordFor(agentId: string, selector: VersionSelector): StudioError {
  if ('label' in selector) {
    return new StudioError(
      'version_label_not_found',
      `Code agent "${agentId}" has no override record, so no label "${selector.label}".`,
      { agentId, label: selector.label },
    );
  }
  return new StudioError('version_not_found', `Code agent "${agentId}" has no override record, so no such version.`, {
    agentId,
    ...selector,
  });
}

interface FindRequest {
  agentId: string;
  codeAgent: CodeAgent | undefined;
  selector?: VersionSelector;
  versions: AgentVersionReader;
}

/** A stored agent's version is the reader's answer as it is (no async layer of its own on the hot path). */
export function findVersionFor(request: FindRequest): Promise<FoundVersion | undefined> {
  const { agentId, codeAgent, selector, versions } = request;
  if (!codeAgent) return versions.loadVersion({ id: agentId, selector, fallback: 'published' });
  return codeAgentVersion({ ...request, codeAgent });
}

async function codeAgentVersion({
  agentId,
  codeAgent,
  selector,
  versions,
}: FindRequest & { codeAgent: CodeAgent }): Promise<FoundVersion | undefined> {
  if (!codeAgentModes(codeAgent.editor).readsRecord) return undefined;
  try {
    return await versions.loadVersion({ id: agentId, selector, fallback: 'published' });
  } catch (error) {
    if (!isStudioError(error)) throw error;
    if (error.code === 'no_published_version') return undefined;
    if (error.code === 'not_found') {
      if (selector === undefined || 'status' in selector) return undefined;
      throw noRecordFor(agentId, selector);
    }
    throw error;
  }
}
