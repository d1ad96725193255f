import type { OperationView } from '@/lib/api-reference';
import { TableHead } from '../../_components/ui/table-head';
import { cn } from '../../_components/ui/cn';
import { BodyContent } from './body-content';
import { InlineCode } from './inline-code';
import { Filtered } from './reference-filter';
import { ResponseList } from './response-list';
import { SchemaFacts, typeText } from './schema-list';

/** Each method in its own colour, always with its name as text: dark text on a light ground. */
const methodTones: Record<string, string> = {
  GET: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  POST: 'border-blue-300 bg-blue-50 text-blue-900',
  PUT: 'border-violet-300 bg-violet-50 text-violet-900',
  PATCH: 'border-amber-300 bg-amber-50 text-amber-900',
  DELETE: 'border-red-300 bg-red-50 text-red-900',
};

export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-block min-w-16 rounded border px-1.5 py-0.5 text-center font-mono text-xs font-bold',
        methodTones[method] ?? 'border-slate-300 bg-slate-100 text-slate-900',
        className,
      )}
    >
      {method}
    </span>
  );
}

function AccessFact({ access }: { access: OperationView['access'] }) {
  if (access.kind === 'unstated') return null;
  return (
    <>
      <dt className="font-medium">Access</dt>
      <dd className="text-slate-800">
        {access.kind === 'public' ? 'No credentials needed' : `Needs the ${access.scopes.join(' or ')} scope`}
      </dd>
    </>
  );
}

const parameterColumns = ['Name', 'In', 'Required', 'Type', 'Description'];

function Parameters({ operation }: { operation: OperationView }) {
  if (operation.parameters.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <h4 id={`${operation.anchor}-parameters`} className="font-semibold">
        Parameters
      </h4>
      {/* Scrolls sideways on a narrow screen; focusable, so a keyboard can scroll it too. */}
      <div role="region" aria-labelledby={`${operation.anchor}-parameters`} tabIndex={0} className="overflow-x-auto">
        <table aria-labelledby={`${operation.anchor}-parameters`} className="api-table min-w-[32rem]">
          <TableHead columns={parameterColumns} compact />
          <tbody>
            {operation.parameters.map((parameter) => (
              <tr key={`${parameter.in}:${parameter.name}`}>
                <td className="font-mono">{parameter.name}</td>
                <td>{parameter.in}</td>
                <td>{parameter.required ? 'yes' : 'no'}</td>
                <td>
                  {typeText(parameter.value)}
                  <SchemaFacts node={{ ...parameter.value, description: undefined }} />
                </td>
                <td className="text-slate-700">
                  {parameter.description ? <InlineCode text={parameter.description} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function RequestBody({ operation }: { operation: OperationView }) {
  const body = operation.requestBody;
  if (!body) return null;
  return (
    <div className="flex flex-col gap-1">
      <h4 className="font-semibold">Request body</h4>
      <p className="text-sm text-slate-700">
        {body.required ? 'Required.' : 'Optional.'} {body.description ? <InlineCode text={body.description} /> : null}
      </p>
      <BodyContent body={body} />
    </div>
  );
}

/** One operation: its heading (the summary), method and path, method name, access, description, parameters, body, answers. */
export function OperationSection({ operation, clientMethod }: { operation: OperationView; clientMethod: boolean }) {
  const headingId = `${operation.anchor}-heading`;
  return (
    <Filtered
      as="article"
      anchor={operation.anchor}
      id={operation.anchor}
      aria-labelledby={headingId}
      className="flex scroll-mt-4 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      {/* Focusable from a script: Enter in the search box moves the keyboard here. */}
      <h3 id={headingId} tabIndex={-1} className="text-lg font-semibold">
        {operation.summary}
      </h3>
      <p className="flex flex-wrap items-center gap-2">
        <MethodBadge method={operation.method} />
        <code className="font-mono text-sm wrap-anywhere text-slate-900">{operation.path}</code>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">{clientMethod ? 'Client method' : 'Operation id'}</dt>
        <dd>
          <code className="font-mono text-slate-900">{operation.operationId}</code>
          {clientMethod ? null : <span className="text-slate-700"> (not a method of the typed client)</span>}
        </dd>
        <AccessFact access={operation.access} />
        {operation.deprecated ? (
          <>
            <dt className="font-medium">Deprecated</dt>
            <dd>yes: it may be removed</dd>
          </>
        ) : null}
      </dl>
      {operation.description ? (
        <p className="text-slate-700">
          <InlineCode text={operation.description} />
        </p>
      ) : null}
      <Parameters operation={operation} />
      <RequestBody operation={operation} />
      <ResponseList operation={operation} />
    </Filtered>
  );
}
