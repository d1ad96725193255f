import type { ApiReference } from '@/lib/api-reference';
import { MethodBadge } from './operation-section';
import { Filtered } from './reference-filter';

/**
 * The table of contents, a navigation named "Operations": each tag and its operations as in-page
 * links (method and summary), only those the search finds; then the common answers and shared schemas.
 */
export function ReferenceContents({ reference }: { reference: ApiReference }) {
  return (
    <nav
      aria-label="Operations"
      className="max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-white p-3 text-sm lg:max-h-none lg:overflow-visible"
    >
      <ul className="flex flex-col gap-3">
        {reference.tags.map((tag) => (
          <Filtered as="li" key={tag.name} tag={tag.name}>
            <a href={`#${tag.anchor}`} className="font-semibold text-slate-900 no-underline hover:underline">
              {tag.name}
            </a>
            <ul className="mt-1 flex flex-col gap-1">
              {tag.operations.map((operation) => (
                <Filtered as="li" key={operation.anchor} anchor={operation.anchor}>
                  <a
                    href={`#${operation.anchor}`}
                    className="flex items-start gap-2 text-slate-800 no-underline hover:text-slate-950 hover:underline"
                  >
                    <MethodBadge method={operation.method} className="mt-0.5 min-w-14 shrink-0 px-1 text-[0.7rem]" />
                    <span>{operation.summary}</span>
                  </a>
                </Filtered>
              ))}
            </ul>
          </Filtered>
        ))}
        {reference.commonAnswers.length > 0 || reference.sharedSchemas.length > 0 ? (
          <li>
            <span className="font-semibold text-slate-900">For every operation</span>
            <ul className="mt-1 flex flex-col gap-1">
              {reference.commonAnswers.length > 0 ? (
                <li>
                  <a href="#common-answers" className="text-slate-800 no-underline hover:underline">
                    Common answers
                  </a>
                </li>
              ) : null}
              {reference.sharedSchemas.map((schema) => (
                <li key={schema.name}>
                  <a href={`#${schema.anchor}`} className="text-slate-800 no-underline hover:underline">
                    Schema <span className="font-mono">{schema.name}</span>
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
