import type { ApiReference } from '@/lib/api-reference';
import { AnswerTable } from './response-list';
import { SchemaBody } from './schema-list';

/** The answers many operations give word for word, described once; each operation links here by status. */
export function CommonAnswers({ reference }: { reference: ApiReference }) {
  if (reference.commonAnswers.length === 0) return null;
  return (
    <section id="common-answers" aria-labelledby="common-answers-heading" className="flex scroll-mt-4 flex-col gap-3">
      <h2 id="common-answers-heading" className="text-xl font-semibold">
        Common answers
      </h2>
      <p className="text-slate-700">
        Answers that many operations can give, worded the same for each; every operation lists which of them it gives.
      </p>
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <AnswerTable
          responses={reference.commonAnswers}
          labelledBy="common-answers-heading"
          anchors={reference.commonAnswers.map((answer) => answer.anchor)}
        />
      </div>
    </section>
  );
}

/** The components answers link to (the `Error` every refusal is), each described once. */
export function SharedSchemas({ reference }: { reference: ApiReference }) {
  if (reference.sharedSchemas.length === 0) return null;
  return (
    <section id="shared-schemas" aria-labelledby="shared-schemas-heading" className="flex scroll-mt-4 flex-col gap-3">
      <h2 id="shared-schemas-heading" className="text-xl font-semibold">
        Shared schemas
      </h2>
      <p className="text-slate-700">Bodies that many answers share, described once here.</p>
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
    </section>
  );
}
