/**
 * Schema trees as nested property lists. A page holds thousands of these items, so they carry a few
 * short class names styled once in app/globals.css (`.schema-*`) instead of utility classes each.
 */
import type { SchemaNode } from '@/lib/api-reference';
import { InlineCode } from './inline-code';

/** The type in words, with the component's name when the schema has one ("object, ResolveRequest"). */
export function typeText(node: SchemaNode): string {
  const named = node.component && !node.type.includes(node.component) ? `${node.type}, ${node.component}` : node.type;
  return node.nullable ? `${named} or null` : named;
}

/** Description, the only value, allowed values, limits, and where a recursive or a deep schema stops. */
export function SchemaFacts({ node }: { node: SchemaNode }) {
  return (
    <>
      {node.description ? (
        <p>
          <InlineCode text={node.description} />
        </p>
      ) : null}
      {node.constant !== undefined ? (
        <p>
          Always <code className="schema-value">{node.constant}</code>
        </p>
      ) : null}
      {node.allowedValues ? (
        <p>
          Allowed values: <code className="schema-value">{node.allowedValues.join(', ')}</code>
        </p>
      ) : null}
      {node.limits.length > 0 ? <p>Limits: {node.limits.join('; ')}</p> : null}
      {node.seeAbove ? (
        <p>
          {node.seeAbove.cycle ? 'Nests: the same as ' : 'Described above: '}
          <a href={`#${node.seeAbove.anchor}`} className="schema-value underline">
            {node.seeAbove.component}
          </a>
          {node.seeAbove.cycle ? ' above' : null}
        </p>
      ) : null}
      {node.truncated ? <p>Nested too deep to show here.</p> : null}
    </>
  );
}

/** One property: name, type, required or optional, then its facts and its own properties. */
function PropertyItem({ node }: { node: SchemaNode }) {
  return (
    <li id={node.anchor}>
      <p className="schema-head">
        {node.name === undefined ? (
          // The keys an object does not list (`additionalProperties`): never required.
          <>
            <em>any other key</em> <span>{typeText(node)}</span>
          </>
        ) : (
          <>
            <code>{node.name}</code> <span>{typeText(node)}</span>{' '}
            {node.required ? <strong>required</strong> : <span>optional</span>}
          </>
        )}
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
        <ul className="schema-tree">
          {properties.map((property) => (
            <PropertyItem key={property.name ?? '(other keys)'} node={property} />
          ))}
        </ul>
      ) : null}
      {node.oneOf ? (
        <div className="schema-tree">
          <p className="schema-label">One of:</p>
          <ol>
            {node.oneOf.map((option, index) => (
              <li key={index} id={option.anchor}>
                <p>
                  <strong>Option {index + 1}:</strong> {typeText(option)}
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
    <div id={node.anchor} className="schema-body">
      <p>
        <strong>Type:</strong> {typeText(node)}
      </p>
      <SchemaFacts node={node} />
      <SchemaChildren node={node} />
    </div>
  );
}
