'use client';
/**
 * Runs a registered tool with a form generated from its input schema (or the input as JSON) and a
 * request context, and shows what the model would get: the output, or the validation error.
 */
import { useMemo, useState } from 'react';
import type { OperationOutput } from '@/lib/client';
import { issueMessages } from '@/lib/errors';
import { readJsonText } from '@/lib/json-text';
import { formNodeOf, formValueOf, initialFormValue, valueOfForm, type FormValue } from '@/lib/schema-form';
import { SchemaFields } from '../../_components/schema-form/schema-fields';
import { usePermissions } from '../../_components/permissions';
import { Button } from '../../_components/ui/button';
import { Card, Note } from '../../_components/ui/card';
import { TextAreaField } from '../../_components/ui/field';
import { callOperation } from '../../_lib/api-fetch';
import { ContextJsonField, parseContext, RequestContextForm } from '../../_components/context-form';

type RunResult = OperationOutput<'executeTool'>;

type ValidationOutput = { error: true; message: string; validationErrors?: Array<{ path: string; message: string }> };

const isValidationOutput = (output: unknown): output is ValidationOutput =>
  typeof output === 'object' &&
  output !== null &&
  (output as { error?: unknown }).error === true &&
  'message' in output;

function json(value: unknown) {
  return (
    <pre className="overflow-x-auto whitespace-pre-wrap rounded bg-slate-50 p-2 font-mono text-xs">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** "Run tool", for roles that may spend tool calls; others are told why it is not there. */
function RunToolButton({ onRun }: { onRun: () => void }) {
  if (!usePermissions().run)
    return <p className="text-sm text-slate-700">Your role can look at tools, not run them.</p>;
  return (
    <Button variant="primary" onClick={onRun}>
      Run tool
    </Button>
  );
}

export function ToolRunner({
  toolId,
  inputSchema,
  requestContextSchema,
}: {
  toolId: string;
  inputSchema: Record<string, unknown>;
  /** What the tool reads from the request context: a form for it beside the JSON box. */
  requestContextSchema?: Record<string, unknown>;
}) {
  const node = useMemo(() => formNodeOf(inputSchema), [inputSchema]);
  const [formValue, setFormValue] = useState<FormValue>(() => initialFormValue(node));
  const [mode, setMode] = useState<'form' | 'json'>('form');
  const [inputText, setInputText] = useState('{}');
  const [contextText, setContextText] = useState('{}');
  const [problem, setProblem] = useState<{ input?: string }>({});
  // Said beside the box as soon as it is typed, as in the agent editor's Preview.
  const contextCheck = parseContext(contextText);
  const [result, setResult] = useState<RunResult | null>(null);
  const [status, setStatus] = useState('');
  const built = valueOfForm(node, formValue);
  const formProblems = new Map(built.problems.map((item) => [item.path, item.message]));

  function switchMode() {
    if (mode === 'form') {
      setInputText(JSON.stringify(built.value ?? {}, null, 2));
      setMode('json');
      return;
    }
    const read = readJsonText(inputText);
    if (!read.ok) return setProblem({ input: issueMessages(read.issues) });
    setFormValue(formValueOf(node, read.value));
    setProblem({});
    setMode('form');
  }

  async function run() {
    let input: unknown;
    if (mode === 'json') {
      try {
        input = JSON.parse(inputText);
      } catch (error) {
        return setProblem({ input: `The input is not valid JSON: ${(error as Error).message}` });
      }
    } else {
      if (built.problems.length) return setStatus(`Not run: ${built.problems[0]!.path}: ${built.problems[0]!.message}`);
      input = built.value;
    }
    const context = contextCheck;
    if (!context.ok) return setStatus(`Not run: ${context.message}`);
    setProblem({});
    setStatus(`Running ${toolId}…`);
    const answer = await callOperation('executeTool', {
      params: { id: toolId },
      body: { input, requestContext: context.value },
    });
    if (!answer.ok) {
      setResult(null);
      return setStatus(`Could not run the tool: ${answer.message}`);
    }
    setResult(answer.value);
    setStatus(answer.value.isError ? `${toolId} answered with an error` : `${toolId} ran`);
  }

  return (
    <Card className="flex flex-col gap-4">
      <h2 className="font-semibold">Run the tool</h2>
      <Note>
        Runs the tool here, exactly as an agent&rsquo;s model call would: the input is validated first, and what comes
        back is what the model would get.
      </Note>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-3">
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-semibold">Input</h3>
            <Button size="sm" variant="ghost" onClick={switchMode}>
              {mode === 'form' ? 'Edit input as JSON' : 'Edit input as a form'}
            </Button>
          </div>
          {mode === 'form' ? (
            <SchemaFields
              node={node}
              value={formValue}
              onChange={setFormValue}
              errorOf={(path) => formProblems.get(path)}
            />
          ) : (
            <TextAreaField
              label="Input (JSON)"
              rows={10}
              value={inputText}
              error={problem.input}
              spellCheck={false}
              onChange={(event) => setInputText(event.target.value)}
            />
          )}
        </div>
        <div className="flex flex-col gap-3">
          <ContextJsonField
            json={contextText}
            onJson={setContextText}
            error={contextCheck.ok ? undefined : contextCheck.message}
            rows={6}
            hint='A JSON object the tool can read, such as {"userId": "u1", "tier": "pro"}.'
          />
          <RequestContextForm schema={requestContextSchema} json={contextText} onJson={setContextText} />
        </div>
      </div>
      <div className="flex items-center gap-3">
        <RunToolButton onRun={() => void run()} />
        <p role="status" className="text-sm text-slate-700">
          {status}
        </p>
      </div>
      <RunResultView result={result} />
    </Card>
  );
}

/** What the run answered: the validation error, the failure, or the output (and what the model sees of it). */
function RunResultView({ result }: { result: RunResult | null }) {
  return (
    <section aria-labelledby="result-heading" className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <h3 id="result-heading" className="font-semibold">
        Result
      </h3>
      {result === null ? (
        <p className="text-sm text-slate-700">Run the tool to see what it returns.</p>
      ) : result.isError && isValidationOutput(result.output) ? (
        <>
          <p className="text-sm font-medium text-danger">The input did not pass validation. The model would get:</p>
          <p className="whitespace-pre-wrap font-mono text-sm">{result.output.message}</p>
          {result.output.validationErrors?.length ? (
            <ul aria-label="Validation errors" className="list-disc pl-5 text-sm">
              {result.output.validationErrors.map((issue, index) => (
                <li key={index}>
                  <span className="font-mono">{issue.path}</span>: {issue.message}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : result.isError ? (
        <>
          <p className="text-sm font-medium text-danger">The tool failed. The model would get:</p>
          {json(result.output)}
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">Output:</p>
          {json(result.output)}
          {result.modelOutput !== undefined ? (
            <>
              <p className="text-sm text-slate-700">What the model sees (the tool maps its output for the model):</p>
              {json(result.modelOutput)}
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
