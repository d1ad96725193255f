/** Version label routes: list (paged), set (create or move) and delete, with revision tokens. */
import { z } from '@hono/zod-openapi';
import type { Editor } from '../../editor';
import type { ApiApp } from '../app';
import { labelPattern } from '../../versions';
import { pageRequestOf } from '../pagination';
import { requestActor } from '../request-principal';
import { jsonRoutes, pathParam, requiredBody } from '../schemas';
import { agentIdParams, deletedSchema, labelSchema } from './agents-schemas';

const route = jsonRoutes('labels');

const labelParams = agentIdParams.extend({
  // The length and pattern are documentation: a malformed name is answered by the label check
  // (invalid_version_label), not by the route's generic 400.
  label: pathParam({ name: 'label', example: 'staging' }).openapi({ pattern: labelPattern.source, maxLength: 64 }),
});

const setBody = z
  .object({
    versionNumber: z.number().int().min(1).optional(),
    versionId: z.string().min(1).max(100).optional(),
    expectedRevisionToken: z
      .string()
      .min(1)
      .max(100)
      .nullable()
      .openapi({ description: 'The token you read; null to create the label' }),
  })
  .strict()
  .superRefine((body, context) => {
    if ((body.versionNumber === undefined) === (body.versionId === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['versionNumber'],
        message: 'Give exactly one of versionNumber and versionId',
      });
    }
  })
  // The rule above, in the document: exactly one of the two.
  .openapi({ oneOf: [{ required: ['versionNumber'] }, { required: ['versionId'] }] });

export const listRoute = route.page('/agents/{id}/labels', 'listAgentLabels', {
  summary: 'Labels: the computed production and latest, then custom labels by name',
  params: agentIdParams,
  items: ['the labels', labelSchema],
});

export const setRoute = route('put', '/agents/{id}/labels/{label}', 'setAgentLabel', {
  summary: 'Create or move a label',
  request: {
    params: labelParams,
    body: requiredBody(setBody, { versionNumber: 3, expectedRevisionToken: null }),
  },
  ok: ['The label', z.object({ label: labelSchema })],
  errors: [400, 404, 409],
});

export const deleteRoute = route('delete', '/agents/{id}/labels/{label}', 'deleteAgentLabel', {
  summary: 'Delete a label with its current revision token',
  request: { params: labelParams, query: z.object({ expectedRevisionToken: z.string().min(1).max(100) }) },
  ok: ['Deleted', deletedSchema],
  errors: [400, 404, 409],
});

export function registerLabelRoutes(app: ApiApp, { editor }: { editor: Editor }) {
  app.openapi(listRoute, async (context) =>
    context.json(
      await editor.agents.labels.page(context.req.valid('param').id, pageRequestOf(context.req.valid('query'))),
      200,
    ),
  );

  app.openapi(setRoute, async (context) => {
    const { id, label } = context.req.valid('param');
    const body = context.req.valid('json');
    const reference =
      body.versionId !== undefined ? { versionId: body.versionId } : { versionNumber: body.versionNumber! };
    return context.json(
      await editor.agents.labels.set({
        id,
        label,
        expectedRevisionToken: body.expectedRevisionToken,
        ...reference,
        actor: requestActor(context),
      }),
      200,
    );
  });

  app.openapi(deleteRoute, async (context) => {
    const { id, label } = context.req.valid('param');
    const { expectedRevisionToken } = context.req.valid('query');
    return context.json(
      await editor.agents.labels.delete({ id, label, expectedRevisionToken, actor: requestActor(context) }),
      200,
    );
  });
}
