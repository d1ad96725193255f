'use client';
/**
 * The request context given to Preview, the Playground and Compare: a control per declared field,
 * the same context as JSON for anything else (the advanced view), and a warning in words when the
 * context lacks a field the version's rules read, which would otherwise match nothing silently.
 */
import { useMemo } from 'react';
import { contextFieldsOf, contextGaps, exampleContext, fieldsReadBy, type RuleReadingSnapshot } from '@/lib/rules';
import {
  ContextJsonField,
  parseContext,
  RequestContextForm,
  type useContextJson,
} from '../../../_components/context-form';
import { cn } from '../../../_components/ui/cn';

export function ContextInput({
  requestContext,
  schema,
  versions,
  label,
  rows,
  className,
}: {
  requestContext: ReturnType<typeof useContextJson>;
  /** The request-context schema whose fields get a control. */
  schema: Record<string, unknown> | undefined;
  /** The versions the context is for: the fields their rules read are checked. */
  versions: RuleReadingSnapshot[];
  label?: string;
  rows: number;
  className?: string;
}) {
  const declared = useMemo(() => contextFieldsOf(schema), [schema]);
  const read = useMemo(() => [...new Set(versions.flatMap((version) => fieldsReadBy(version)))].sort(), [versions]);
  const parsed = parseContext(requestContext.json);
  const warnings = parsed.ok ? contextGaps({ read, context: parsed.value, declared }) : [];
  const example = exampleContext({ declared, read });
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <RequestContextForm schema={schema} json={requestContext.json} onJson={requestContext.setJson} />
      <ContextJsonField
        {...requestContext.field}
        label={label}
        rows={rows}
        hint={
          declared.length > 0
            ? `Advanced: the same request context as JSON, for fields without a control, such as ${example}.`
            : `A JSON object with the fields the rules read, such as ${example}.`
        }
      />
      <p role="status" className={cn('text-sm', warnings.length > 0 && 'rounded-md bg-amber-50 p-2 text-amber-900')}>
        {warnings.join(' ')}
      </p>
    </div>
  );
}
