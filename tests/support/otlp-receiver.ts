/**
 * A local OTLP/HTTP trace receiver: a plain node:http server on 127.0.0.1 that accepts
 * `POST /v1/traces` in the JSON encoding (what `@opentelemetry/exporter-trace-otlp-http` sends),
 * keeps every request (headers and raw body, for tests that search them for secrets) and reads the
 * spans out of them in a flat shape.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status: { code?: number; message?: string };
  events: Array<{ name: string; attributes: Record<string, unknown> }>;
  resource: Record<string, unknown>;
}

export interface ReceivedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface OtlpValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: OtlpValue[] };
}

interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
  status?: { code?: number; message?: string };
  events?: Array<{ name: string; attributes?: OtlpAttribute[] }>;
}

interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{ spans?: OtlpSpan[] }>;
  }>;
}

function valueOf(value: OtlpValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

function attributesOf(attributes: OtlpAttribute[] = []): Record<string, unknown> {
  return Object.fromEntries(attributes.map(({ key, value }) => [key, valueOf(value)]));
}

function spansOf(body: string): ReceivedSpan[] {
  const parsed = JSON.parse(body) as OtlpExport;
  return (parsed.resourceSpans ?? []).flatMap((resourceSpans) => {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId || undefined,
        name: span.name,
        kind: span.kind,
        attributes: attributesOf(span.attributes),
        status: span.status ?? {},
        events: (span.events ?? []).map((event) => ({ name: event.name, attributes: attributesOf(event.attributes) })),
        resource,
      })),
    );
  });
}

export async function startOtlpReceiver() {
  const requests: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const known = request.method === 'POST' && request.url === '/v1/traces';
      response.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    /** The base endpoint, as `OTEL_EXPORTER_OTLP_ENDPOINT` names it. */
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** Every span received so far. */
    spans: () => requests.filter((entry) => entry.path === '/v1/traces').flatMap((entry) => spansOf(entry.body)),
    /** Every request body received so far, as one text. */
    rawText: () => requests.map((entry) => entry.body).join('\n'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type OtlpReceiver = Awaited<ReturnType<typeof startOtlpReceiver>>;

/** The spans of one run (by `studio.run.id`), each part of it (a continuation is its own trace) in order. */
export function runSpans(spans: ReceivedSpan[], runId: string) {
  const roots = spans.filter((span) => span.parentSpanId === undefined && span.attributes['studio.run.id'] === runId);
  return roots.map((root) => {
    const inTrace = spans.filter((span) => span.traceId === root.traceId);
    const childrenOf = (parent: ReceivedSpan) => inTrace.filter((span) => span.parentSpanId === parent.spanId);
    return { root, inTrace, childrenOf };
  });
}
