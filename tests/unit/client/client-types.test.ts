/**
 * The typed client's types are as strict as the API: tests/types/client-misuse.ts misuses the
 * client on every `@ts-expect-error` line, so the file compiles cleanly only while each misuse is
 * still an error.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const file = join(root, 'tests', 'types', 'client-misuse.ts');

describe('the typed client under tsc', () => {
  it('rejects every misuse in tests/types/client-misuse.ts (and accepts the typed uses)', () => {
    const directives = readFileSync(file, 'utf8').match(/@ts-expect-error/g) ?? [];
    expect(directives.length).toBeGreaterThanOrEqual(12);

    const config = ts.getParsedCommandLineOfConfigFile(
      join(root, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
        },
      },
    )!;
    const program = ts.createProgram([file], { ...config.options, incremental: false, noEmit: true });
    const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => {
      const line = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line;
      return `line ${line === undefined ? '?' : line + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
    expect(diagnostics).toEqual([]);
  }, 120_000);
});
