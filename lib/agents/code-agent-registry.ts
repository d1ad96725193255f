/**
 * The code agents given to `createStudio({ agents })`, keyed by `agent.id`. A key that differs from
 * the id or a value that is not an `Agent` stops startup with a message naming both.
 */
import type { CodeAgentRegistry } from '../runtime/code-agent';
import { Agent } from './agent';

export function createCodeAgentRegistry({ agents = {} }: { agents?: Record<string, Agent> } = {}): CodeAgentRegistry {
  const byId = new Map<string, Agent>();
  for (const [key, agent] of Object.entries(agents)) {
    if (!(agent instanceof Agent))
      throw new TypeError(
        `agents[${JSON.stringify(key)}] is not an agent: create it with new Agent({ id, name, instructions, model }).`,
      );
    if (agent.id !== key) {
      throw new TypeError(
        `agents[${JSON.stringify(key)}] is the agent with id ${JSON.stringify(agent.id)} ("${agent.name}"); register it as agents[${JSON.stringify(agent.id)}].`,
      );
    }
    byId.set(key, agent);
  }
  const sorted = [...byId.values()].sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
  return { get: (id) => byId.get(id), list: () => [...sorted] };
}
