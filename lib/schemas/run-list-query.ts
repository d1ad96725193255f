/**
 * The runs list's filters and page (`GET /api/runs`): the route parses its query string with this
 * schema, and the Runs pages' server action parses what the browser sends with the same one (strict
 * there, since nothing else may ride along).
 */
import { z } from 'zod';
import { wholeNumberText } from '../whole-number-text';

const listedStatuses = ['running', 'paused', 'finished', 'failed'] as const;

const isoTime = z.iso.datetime({ offset: true });

export const runListQuerySchema = z.object({
  limit: wholeNumberText({ min: 1, max: 100 }).optional().meta({ description: 'Page size, 1-100 (default 20)' }),
  cursor: z.string().min(1).max(500).optional().meta({ description: 'Opaque; the nextCursor of the previous page' }),
  agentId: z.string().min(1).max(200).optional(),
  versionNumber: wholeNumberText({ min: 1 }).optional(),
  label: z.string().min(1).max(100).optional(),
  status: z
    .enum(listedStatuses)
    .optional()
    .meta({ description: '`failed` also finds aborted runs, which are listed as failed' }),
  threadId: z.string().min(1).max(256).optional(),
  resourceId: z.string().min(1).max(256).optional(),
  from: isoTime.optional().meta({ description: 'Runs started at or after this time' }),
  to: isoTime.optional().meta({ description: 'Runs started before this time' }),
});

export type RunListQuery = z.output<typeof runListQuerySchema>;
