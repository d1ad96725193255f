/**
 * A workflow of two steps whose second suspends to ask for the number of nights, then books; what
 * it booked is pushed to `executed`.
 */
import { z } from 'zod';
import { createStep, createWorkflow } from '@/lib/workflows';

export function bookingWorkflow(executed: string[]) {
  const find = createStep({
    id: 'find-room',
    inputSchema: z.object({ hotel: z.string() }),
    outputSchema: z.object({ hotel: z.string(), room: z.number() }),
    execute: async ({ inputData }) => ({ hotel: inputData.hotel, room: 12 }),
  });
  const confirm = createStep({
    id: 'confirm',
    inputSchema: z.object({ hotel: z.string(), room: z.number() }),
    outputSchema: z.object({ booked: z.string() }),
    suspendSchema: z.object({ question: z.string() }),
    resumeSchema: z.object({ nights: z.number().int().positive() }),
    execute: async ({ inputData, resumeData, suspend }) => {
      if (!resumeData) {
        await suspend({ question: `How many nights at ${inputData.hotel}?` });
        return undefined as never;
      }
      const { nights } = resumeData as { nights: number };
      executed.push(`${inputData.hotel} room ${inputData.room} for ${nights}`);
      return { booked: `${inputData.hotel} #${inputData.room} x${nights}` };
    },
  });
  return createWorkflow({
    id: 'booking',
    description: 'Books a hotel room.',
    inputSchema: z.object({ hotel: z.string() }),
    outputSchema: z.object({ booked: z.string() }),
    steps: [find, confirm],
  });
}
