/** `GET /api/threads/:threadId/tasks`: the task tools' list of one conversation thread. */
import { createRoute, z } from '@hono/zod-openapi';
import { StudioError } from '../../errors';
import type { Runtime } from '../../runtime';
import type { ApiApp } from '../app';
import { errorResponses } from '../schemas';
import { jsonBody } from './agents-schemas';

const taskSchema = z
  .object({
    id: z.string(),
    content: z.string(),
    status: z.enum(['pending', 'in_progress', 'completed']),
    activeForm: z.string(),
  })
  .openapi('ThreadTask');

export const tasksRoute = createRoute({
  method: 'get',
  path: '/threads/{threadId}/tasks',
  operationId: 'listThreadTasks',
  summary: "A thread's task list, kept by the built-in task tools (404 for a thread that has none)",
  tags: ['runtime'],
  request: {
    params: z.object({
      threadId: z
        .string()
        .min(1)
        .max(256)
        .openapi({ param: { name: 'threadId', in: 'path' }, example: 'support-thread-42' }),
    }),
  },
  responses: {
    200: {
      description: 'The tasks, in list order',
      ...jsonBody(z.object({ threadId: z.string(), tasks: z.array(taskSchema) })),
    },
    ...errorResponses(400, 404),
  },
});

export function registerThreadRoutes(app: ApiApp, { runtime }: { runtime: Runtime }) {
  app.openapi(tasksRoute, async (context) => {
    const { threadId } = context.req.valid('param');
    const tasks = await runtime.threadTasks(threadId);
    if (!tasks) throw new StudioError('not_found', `Thread "${threadId}" has no task list.`, { threadId });
    return context.json({ threadId, tasks }, 200);
  });
}
