/** What the publish checks ask of the studio, injected into the editor (context.ts reads it). */
import type { LastEvaluation } from '../evaluation';
import type { LintableSnapshot, ToolInputSchemaLookup } from '../rules';

export type { LastEvaluation };

/** What this studio has, for the names a version may give (the studio passes its registries). */
export interface ToolSourceLookup {
  /** A registered or built-in tool id. */
  hasTool(id: string): boolean;
  /** An integration defined in code or configured through the API. */
  hasIntegration(id: string): Promise<boolean>;
  hasToolProvider(id: string): boolean;
  /** An MCP server registered in code (`createStudio({ mcpServers })`). */
  hasCodeMcpServer(id: string): boolean;
  /**
   * The input schema (JSON Schema) of a registered or built-in tool, which approval policies'
   * `args.*` are linted against; `undefined` for any other name. Known without IO: nothing
   * connects to an MCP server or an integration to answer it.
   */
  inputSchemaOf?(id: string): unknown;
  /**
   * The input schemas of every tool a snapshot's sources offer, where they are known without a
   * network call (registered and built-in tools, MCP tools as the pool last listed them, stored
   * integrations' tools); the linter checks approval policies' `args.*` against them.
   */
  inputSchemasFor?(snapshot: LintableSnapshot): Promise<ToolInputSchemaLookup>;
}

/** What publishing asks of the evaluations (docs/testing-agents.md). */
export interface PassingEvaluationRequest {
  agentId: string;
  configHash: string;
  minPassRate: number;
  /** When the agent's test cases last changed (`null`: it has none, or it is not known). */
  testCasesChangedAt: string | null;
}

export type FindPassingEvaluation = (
  request: PassingEvaluationRequest,
) => Promise<{ evaluationId: string } | undefined>;

/**
 * The evaluation of a configuration the publish checks show: with `minPassRate`, one that lets it
 * publish when there is one; otherwise the newest finished one.
 */
export type FindLastEvaluation = (request: {
  agentId: string;
  configHash: string;
  minPassRate?: number;
}) => Promise<LastEvaluation | undefined>;
