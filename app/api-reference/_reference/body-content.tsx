import { schemaAnchor, type BodyView } from '@/lib/api-reference';
import { SchemaBody } from './schema-list';

/** A media type in words: JSON, or the type itself. */
export function contentTypeText(contentType: string): string {
  if (contentType === 'application/json') return 'JSON';
  if (contentType === 'text/event-stream') return 'a stream of server-sent events (text/event-stream)';
  return contentType;
}

/** A body's media type and schema, or the shared schema it is (linked). */
export function BodyContent({ body }: { body: BodyView }) {
  return (
    <>
      <p className="text-sm">
        <span className="font-medium">Body:</span> {contentTypeText(body.contentType)}
        {body.sharedSchema ? (
          <>
            , <a href={`#${schemaAnchor(body.sharedSchema)}`}>{body.sharedSchema}</a>
          </>
        ) : null}
      </p>
      {body.schema ? <SchemaBody node={body.schema} /> : null}
    </>
  );
}
