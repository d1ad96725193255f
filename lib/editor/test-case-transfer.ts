/**
 * Test cases in export documents and deployment backups: written without their ids (the importing
 * studio gives new ones), with their times; read back into the agent they came with.
 */
import type { TestCase } from '../schemas';
import type { EditorContext } from './context';
import type { ExportedTestCase } from './export-document';
import { insertTestCase, testCaseOfRow } from './test-cases';

/** The agent's cases as a document carries them; undefined when it has none (older documents had none either). */
export async function exportedTestCases(
  context: EditorContext,
  agentId: string,
): Promise<ExportedTestCase[] | undefined> {
  const cases = (await context.testCases.list(agentId)).map(testCaseOfRow);
  if (cases.length === 0) return undefined;
  return cases.map(({ id: _id, agentId: _agentId, ...fields }: TestCase) => fields);
}

/**
 * Inside the caller's transaction: the document's cases added to the agent. Cases whose name the
 * agent already uses are left alone (an append imported twice adds nothing twice); their names are
 * answered.
 */
export async function importTestCases(
  context: EditorContext,
  { agentId, testCases }: { agentId: string; testCases: readonly ExportedTestCase[] },
): Promise<{ imported: number; skippedNames: string[] }> {
  const taken = new Set((await context.testCases.list(agentId)).map((row) => row.name));
  const skippedNames: string[] = [];
  let imported = 0;
  for (const { createdAt, updatedAt, ...fields } of testCases) {
    if (taken.has(fields.name)) {
      skippedNames.push(fields.name);
      continue;
    }
    const now = context.now();
    await insertTestCase(context, {
      agentId,
      fields,
      at: { createdAt: createdAt ?? now, updatedAt: updatedAt ?? createdAt ?? now },
    });
    taken.add(fields.name);
    imported += 1;
  }
  return { imported, skippedNames };
}
