/**
 * Caps on how many entries a stored list or record may hold, with messages naming the cap. Each
 * entry of a snapshot is work on every resolution (a tool to load, a server to reach, a rule to
 * evaluate), so one request must not be able to store an unbounded amount of it.
 */
import type { z } from 'zod';

export const sizeCaps = {
  /** Registered tools, sub-agents and workflows of one agent. */
  toolsPerAgent: 500,
  /** Variants of one conditional field. */
  variantsPerField: 50,
  /** Saved MCP clients, integrations or tool providers one agent references. */
  sourcesPerAgent: 50,
  /** Tools picked from one MCP client, integration or provider. */
  toolsPerSource: 1_000,
  /** Prompt blocks of one agent's instructions. */
  promptBlocks: 200,
  /** Servers of one saved MCP client. */
  serversPerClient: 50,
  /** Tools on one MCP server's allow-list. */
  toolsPerServer: 1_000,
  /** Environment variables of one stdio server. */
  envVariables: 100,
} as const;

/** A refinement for records: at most `limit` keys, with a message naming the cap. */
export const atMostKeys =
  (limit: number, what: string) =>
  (value: Record<string, unknown>, context: z.RefinementCtx): void => {
    const count = Object.keys(value).length;
    if (count > limit) context.addIssue({ code: 'custom', message: `At most ${limit} ${what} (got ${count})` });
  };

/** The message of an array's `.max()`, naming the cap. */
export const atMostItems = (limit: number, what: string) => `At most ${limit} ${what}`;
