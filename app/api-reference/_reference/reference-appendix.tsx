import type { ApiReference } from '@/lib/api-reference';
import { ReferencePart } from './reference-part';
import { AnswerTable } from './response-list';
import { SchemaBody } from './schema-list';

/** The answers many operations give word for word, described once; each operation links here by status. */
export function CommonAnswers({ reference }: { reference: ApiReference }) {
  if (reference.commonAnswers.length === 0) return null;
  return (
    <ReferencePart
      anchor="common-answers"
      title="Common answers"
      lead="Answers that many operations can give, worded the same for each; every operation lists which of them it gives."
    >
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <AnswerTable
          responses={reference.commonAnswers}
          labelledBy="common-answers-heading"
          anchors={reference.commonAnswers.map((answer) => answer.anchor)}
        />
      </div>
    </ReferencePart>
  );
}

/** The components answers link to (the `Error` every refusal is), each described once. */
export function SharedSchemas({ reference }: { reference: ApiReference }) {
  if (reference.sharedSchemas.length === 0) return null;
  return (
    <ReferencePart
      anchor="shared-schemas"
      title="Shared schemas"
      lead="Bodies that many answers share, described once here."
    >
      {reference.sharedSchemas.map((schema) => (
        <article
          key={schema.name}
          id={schema.anchor}
          aria-labelledby={`${schema.anchor}-heading`}
          className="flex scroll-mt-4 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4"
        >
          <h3 id={`${schema.anchor}-heading`} className="font-mono text-lg font-semibold">
            {schema.name}
          </h3>
          <SchemaBody node={schema.schema} />
        </article>
      ))}
    </ReferencePart>
  );
}
