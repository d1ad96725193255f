import type { Metadata } from 'next';
import { apiReferenceOf, searchEntryOf } from '@/lib/api-reference';
import { operationTable } from '@/lib/client';
import { currentStudio } from '@/lib/studio-handle';
import { SimplePage } from '../_components/simple-page';
import { InlineCode } from './_reference/inline-code';
import { OperationSection } from './_reference/operation-section';
import { CommonAnswers, SharedSchemas } from './_reference/reference-appendix';
import { ReferenceContents } from './_reference/reference-contents';
import { NothingFound, ReferenceFilter, ReferenceSearch } from './_reference/reference-filter';
import { ReferencePart } from './_reference/reference-part';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'API reference' };

const isClientMethod = (operationId: string) => Object.hasOwn(operationTable, operationId);

/**
 * The HTTP API's reference, rendered here from the OpenAPI document `/api/openapi.json` serves (read
 * in process): operations by tag with a table of contents, and a search that runs in the browser.
 */
export default function ApiReferencePage() {
  const reference = apiReferenceOf(currentStudio().openApiDocument());
  const entries = reference.tags.flatMap((tag) => tag.operations.map(searchEntryOf));
  return (
    <SimplePage
      title="API reference"
      lead={
        <>
          Every operation of the studio&apos;s HTTP API ({reference.title} {reference.version}), with what it takes and
          what it answers, read from the OpenAPI document at{' '}
          <a href="/api/openapi.json" className="font-mono underline">
            /api/openapi.json
          </a>{' '}
          (for client generators). Each operation says the scope it needs when sign-in is required: an API key of that
          scope or higher, or a signed-in person whose role grants it; applications send a runtime API key as{' '}
          <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>. The{' '}
          <a href="/docs/client" className="underline">
            typed client (agent-studio/client)
          </a>{' '}
          has one method per operation, shown as its &ldquo;Client method&rdquo;; an agent&apos;s editor shows
          ready-made examples under &ldquo;Use in your app&rdquo;.
        </>
      }
    >
      {reference.description ? (
        <p className="text-slate-700">
          <InlineCode text={reference.description} />
        </p>
      ) : null}
      <ReferenceFilter entries={entries}>
        <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <div className="flex flex-col gap-3 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto">
            <ReferenceSearch />
            <ReferenceContents reference={reference} />
          </div>
          <div className="flex min-w-0 flex-col gap-8">
            <NothingFound />
            {reference.tags.map((tag) => (
              <ReferencePart key={tag.name} anchor={tag.anchor} title={tag.name} tag={tag.name} lead={tag.description}>
                {tag.operations.map((operation) => (
                  <OperationSection
                    key={operation.anchor}
                    operation={operation}
                    clientMethod={isClientMethod(operation.operationId)}
                  />
                ))}
              </ReferencePart>
            ))}
            <CommonAnswers reference={reference} />
            <SharedSchemas reference={reference} />
          </div>
        </div>
      </ReferenceFilter>
    </SimplePage>
  );
}
