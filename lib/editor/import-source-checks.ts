/**
 * Where an agent import disagrees with what this deployment defines in code. The record's source
 * follows the code registry, not the document: an id defined in code takes only that agent's
 * overrides (`source: "code"`), holding only the fields its `editor` setting lets the editor own,
 * and `source: "code"` needs an agent defined in code under that id. A create or save makes the
 * same split (docs/storage.md, "Export and import").
 */
import type { Issue } from '../errors';
import { editorOwnership } from '../versions';
import type { EditorContext } from './context';
import type { AgentSnapshot } from '../snapshots';
import type { ExportDocument } from './export-document';

export function importSourceIssues(
  context: EditorContext,
  {
    agent,
    versions,
  }: {
    agent: ExportDocument['agent'];
    /** Each version's snapshot with its index in the document's `versions`. */
    versions: Array<{ index: number; snapshot: AgentSnapshot }>;
  },
): Issue[] {
  const codeAgent = context.codeAgents.get(agent.id);
  if (!codeAgent) {
    return agent.source === 'code'
      ? [
          {
            path: 'agent.source',
            message: `No agent "${agent.id}" is defined in code here, so there is nothing for its overrides to change; import it with source "stored"`,
          },
        ]
      : [];
  }
  if (agent.source !== 'code') {
    return [
      {
        path: 'agent.source',
        message: `Agent "${agent.id}" is defined in code here; a stored agent cannot take its id (import its overrides with source "code", or use another id)`,
      },
    ];
  }
  const ownership = editorOwnership(codeAgent.editor);
  if (!ownership.allowed) return [];
  return versions.flatMap(({ index, snapshot }) =>
    Object.entries(snapshot)
      .filter(([field, value]) => value !== undefined && !ownership.isOwned(field))
      .map(([field]) => ({
        path: `versions.${index}.snapshot.${field}`,
        message: `Agent "${agent.id}" is defined in code, and its editor setting does not let the editor change "${field}"`,
      })),
  );
}
