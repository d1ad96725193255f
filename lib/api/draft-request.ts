/**
 * The `draft` field of the resolve, generate and stream bodies (docs/runs.md, "Runs of an unsaved
 * draft"): the body a save takes, resolved or run as its saved version would be, with nothing
 * saved. Only editors and admins may send one (a runtime key runs what was saved and published);
 * it excludes a version selector; it passes the save's own checks, each problem named under `draft.`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { actorOf, allows } from '../auth/credentials';
import type { Editor } from '../editor';
import { StudioError } from '../errors';
import { isRecord } from '../is-record';
import type { DraftVersion } from '../runtime';
import { updateAgentBodySchema } from '../schemas';
import { principalOf, requestActor } from './request-principal';

export const draftField = updateAgentBodySchema.optional().meta({
  description:
    'An unsaved configuration to resolve or run instead of a saved version: the body `PATCH /api/agents/{id}` takes ' +
    '(its fields applied over version `baseVersionNumber`; `changeMessage` and `metadata` are ignored), checked as a ' +
    'save checks it (a problem is 400 `invalid_input` under `draft.`). Nothing is saved: the answer has `versionId` ' +
    'and `versionNumber` null and `draft: true`. Needs the editor scope (403 otherwise); excludes `selector`. A run ' +
    'of a draft cannot wait for approval or resume data: it fails with 409 `draft_cannot_pause` instead.',
});

/** A body's refinement: a draft and a selector both name what to run, so at most one is given. */
export function draftExcludesSelector(body: { draft?: unknown; selector?: unknown }, context: z.RefinementCtx): void {
  if (body.draft !== undefined && body.selector !== undefined) {
    context.addIssue({
      code: 'custom',
      path: ['draft'],
      message: 'Give either draft (an unsaved configuration) or selector (a saved version), not both',
    });
  }
}

function refuseDraftBelowEditor(context: Context): void {
  const principal = principalOf(context);
  if (allows(principal, 'editor')) return;
  throw new StudioError(
    'forbidden',
    `${actorOf(principal)} may not run an unsaved draft: that needs the editor scope (an editor or admin, or an ` +
      'API key with scope editor or admin). Save the draft as a version and run the saved version instead.',
    { requiredScope: 'editor' },
  );
}

/**
 * Before the route reads its body: a body that names a `draft` from a caller below the editor
 * scope is 403 at once, however the draft is written (a malformed one would otherwise be told
 * what the schema wants). The app has parsed the JSON already; what is not JSON is its 400.
 */
export const draftScopeGate: MiddlewareHandler = async (context, next) => {
  const body: unknown = await context.req.json().catch(() => undefined);
  if (isRecord(body) && body.draft !== undefined) refuseDraftBelowEditor(context);
  return next();
};

/** The request's draft checked for the runtime, or `undefined` without one; 403 below the editor scope. */
export async function draftOfRequest(
  context: Context,
  { editor, agentId, draft }: { editor: Editor; agentId: string; draft: unknown },
): Promise<DraftVersion | undefined> {
  if (draft === undefined) return undefined;
  refuseDraftBelowEditor(context);
  const checked = await editor.agents.checkDraft({ id: agentId, draft });
  return { snapshot: checked.snapshot, authorId: requestActor(context) };
}
