/**
 * The integration form validates with the API's own schemas: the id with the id rule, the rest as
 * the config body a save sends (`configOf`), each problem beside the field its path names. The
 * document is parsed (JSON or YAML) and checked on the server, which lists its problems by path.
 */
import { z } from 'zod';
import { integrationConfigInputSchema, integrationIdSchema } from '@/lib/schemas';
import { configOf, fieldOfIssue, type IntegrationFormValues } from './form-values';

export const integrationFormSchema = z.custom<IntegrationFormValues>().superRefine((values, context) => {
  const id = integrationIdSchema.safeParse(values.id);
  if (!id.success) context.addIssue({ code: 'custom', path: ['id'], message: id.error.issues[0]!.message });
  const parsed = integrationConfigInputSchema.safeParse(configOf(values, {}));
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const field = fieldOfIssue(issue.path.join('.'));
    if (field) context.addIssue({ code: 'custom', path: [field], message: issue.message });
  }
});
