/**
 * The MCP client form validates with the API's own body schemas: the form's values become the body
 * a save sends (`clientBodyOf`), the create or update schema parses it, and each problem is put
 * beside the field its path names (`formPathOf`). The only rule added is the one the body cannot
 * express: two servers with the same name would collapse into one record key.
 */
import { z } from 'zod';
import { createMcpClientBodySchema, updateMcpClientBodySchema } from '@/lib/schemas';
import { clientBodyOf, formPathOf, type McpClientFormValues } from './form-values';

function duplicateServerName(values: McpClientFormValues): number {
  const names = values.servers.map((server) => server.name.trim());
  return names.findIndex((name, index) => names.indexOf(name) !== index);
}

export function mcpClientFormSchema({ editing }: { editing: boolean }) {
  const bodySchema = editing ? updateMcpClientBodySchema : createMcpClientBodySchema;
  return z.custom<McpClientFormValues>().superRefine((values, context) => {
    const duplicate = duplicateServerName(values);
    if (duplicate !== -1) {
      context.addIssue({
        code: 'custom',
        path: ['servers', duplicate, 'name'],
        message: 'Two servers have this name; names must differ.',
      });
      return;
    }
    const parsed = bodySchema.safeParse(clientBodyOf(values, { editing }));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const path = formPathOf(issue.path.join('.'), values) ?? 'servers';
      context.addIssue({ code: 'custom', path: path.split('.'), message: issue.message });
    }
  });
}
