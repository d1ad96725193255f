'use server';
/**
 * Stored integrations from the editor: the OpenAPI document arrives as text (JSON or YAML, pasted
 * or read from a file) and is checked with the API's own body schema and document loader; every
 * problem comes back with its path.
 */
import { parse as parseYaml } from 'yaml';
import { integrationConfigInputSchema } from '@/lib/integrations';
import { issuesFromZod } from '@/lib/errors';
import { currentStudio } from '@/lib/studio-handle';
import { runAction } from '../_server/run-action';
import type { ActionResult } from '../_lib/action-result';

export interface IntegrationFormInput {
  id: string;
  name?: string;
  baseUrl?: string;
  /** The OpenAPI document as JSON or YAML text. */
  documentText: string;
  credentials?: Record<string, unknown>;
}

const invalid = (issues: Array<{ path: string; message: string }>, message: string): ActionResult<never> => ({
  ok: false,
  error: { code: 'invalid_input', message, details: { issues } },
});

function parseDocument(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Paste the OpenAPI document or choose its file' };
  try {
    return { ok: true, value: JSON.parse(trimmed) as unknown };
  } catch {
    // Not JSON: OpenAPI documents are often YAML.
  }
  try {
    return { ok: true, value: parseYaml(trimmed, { maxAliasCount: 100 }) as unknown };
  } catch (error) {
    return { ok: false, message: `Neither JSON nor YAML: ${(error as Error).message.split('\n')[0]}` };
  }
}

export async function saveIntegration(form: IntegrationFormInput) {
  const document = parseDocument(form.documentText);
  if (!document.ok) return invalid([{ path: 'document', message: document.message }], `Not saved: ${document.message}`);
  const parsed = integrationConfigInputSchema.safeParse({
    type: 'openapi',
    document: document.value,
    ...(form.name ? { name: form.name } : {}),
    ...(form.baseUrl ? { baseUrl: form.baseUrl } : {}),
    ...(form.credentials ? { credentials: form.credentials } : {}),
  });
  if (!parsed.success) {
    const issues = issuesFromZod(parsed.error);
    return invalid(
      issues,
      `Not saved: ${issues.length === 1 ? `${issues[0]!.path}: ${issues[0]!.message}` : `${issues.length} problems`}`,
    );
  }
  return runAction('admin', async ({ actor }) => {
    const result = await currentStudio().integrations.save({ id: form.id, input: parsed.data, actor });
    return { id: result.integration.id, created: result.created, tools: result.integration.tools.length };
  });
}

export async function deleteIntegration({ id }: { id: string }) {
  return runAction('admin', async ({ actor }) => {
    currentStudio().integrations.remove({ id, actor });
    return { deleted: true };
  });
}
