/** The body that approves a stdio launch spec (`POST /api/stdio-launch-specs`); pure, so the browser's form uses it too. */
import { z } from 'zod';

/** No whitespace or `;`: a spec must read back as one entry of the setting's format. */
const specWord = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^[^\s;]+$/, 'No spaces or ";" (each argument is one word, as in STUDIO_STDIO_ALLOWED_COMMANDS)');

export const stdioLaunchSpecBodySchema = z
  .object({ command: specWord, args: z.array(specWord).max(50).default([]) })
  .strict();

export type StdioLaunchSpecBody = z.input<typeof stdioLaunchSpecBodySchema>;
