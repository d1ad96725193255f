import type { SchemaNode } from '@/lib/api-reference';
import { InlineCode } from './inline-code';

/** The type in words, with the component's name when the schema has one ("object, ResolveRequest"). */
export function typeText(node: SchemaNode): string {
  const named = node.component && !node.type.includes(node.component) ? `${node.type}, ${node.component}` : node.type;
  return node.nullable ? `${named} or null` : named;
}

/** Allowed values, the only value, limits, and where a recursive schema or a deep one stops. */
export function SchemaFacts({ node }: { node: SchemaNode }) {
  return (
    <>
      {node.description ? (
        <p className="text-slate-700">
          <InlineCode text={node.description} />
        </p>
      ) : null}
      {node.constant !== undefined ? (
        <p className="text-slate-700">
          Always <code className="font-mono text-slate-900">{node.constant}</code>
        </p>
      ) : null}
      {node.allowedValues ? (
        <p className="text-slate-700">
          Allowed values:{' '}
          {node.allowedValues.map((value, index) => (
            <span key={value}>
              {index > 0 ? ', ' : null}
              <code className="font-mono text-slate-900">{value}</code>
            </span>
          ))}
        </p>
      ) : null}
      {node.limits.length > 0 ? <p className="text-slate-700">Limits: {node.limits.join('; ')}</p> : null}
      {node.repeats ? (
        <p className="text-slate-700">The same {node.repeats} as described further up: it nests.</p>
      ) : null}
      {node.truncated ? <p className="text-slate-700">Nested too deep to show here.</p> : null}
    </>
  );
}

/** One property: name, type, required or optional, then its facts and its own properties. */
function PropertyItem({ node }: { node: SchemaNode }) {
  return (
    <li className="flex flex-col gap-0.5 py-1.5">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <code className="font-mono font-semibold text-slate-900">{node.name ?? 'any other key'}</code>
        <span className="text-slate-700">{typeText(node)}</span>
        <span className={node.required ? 'font-medium text-amber-900' : 'text-slate-600'}>
          {node.required ? 'required' : 'optional'}
        </span>
      </p>
      <SchemaFacts node={node} />
      <SchemaChildren node={node} />
    </li>
  );
}

/** What is inside a schema: its properties, the keys it does not list, its alternatives. */
export function SchemaChildren({ node }: { node: SchemaNode }) {
  const properties = node.otherKeys ? [...node.properties, node.otherKeys] : node.properties;
  return (
    <>
      {properties.length > 0 ? (
        <ul className="ml-1 border-l-2 border-slate-200 pl-3">
          {properties.map((property) => (
            <PropertyItem key={property.name ?? '(other keys)'} node={property} />
          ))}
        </ul>
      ) : null}
      {node.oneOf ? (
        <div className="ml-1 flex flex-col gap-1 border-l-2 border-slate-200 pl-3">
          <p className="font-medium text-slate-800">One of:</p>
          <ol className="flex flex-col gap-2">
            {node.oneOf.map((option, index) => (
              <li key={index} className="flex flex-col gap-0.5">
                <p>
                  <span className="font-medium">Option {index + 1}:</span>{' '}
                  <span className="text-slate-700">{typeText(option)}</span>
                </p>
                <SchemaFacts node={option} />
                <SchemaChildren node={option} />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </>
  );
}

/** A whole body (request, answer, shared schema): its type line, its facts and everything inside it. */
export function SchemaBody({ node }: { node: SchemaNode }) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p>
        <span className="font-medium">Type:</span> {typeText(node)}
      </p>
      <SchemaFacts node={node} />
      <SchemaChildren node={node} />
    </div>
  );
}
