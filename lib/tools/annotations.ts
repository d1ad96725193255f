/**
 * MCP tool annotations. The MCP server passes through only what a tool declares; the editor shows
 * the effective values, with the defaults the MCP specification gives an absent hint.
 */
import type { ToolAnnotations } from './tool-types';

export const defaultToolAnnotations = Object.freeze({
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
} as const);

export type EffectiveToolAnnotations = Omit<ToolAnnotations, keyof typeof defaultToolAnnotations> & {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
};

export function effectiveToolAnnotations(tool: { mcp?: { annotations?: ToolAnnotations } }): EffectiveToolAnnotations {
  return { ...defaultToolAnnotations, ...tool.mcp?.annotations };
}
