/**
 * The tool output of an HTTP answer: status, ok, the content type and the body (parsed JSON or
 * text), cut at 100,000 characters like `web_fetch`. The body is read as a stream and reading stops
 * at the limit, so a huge answer costs no more memory than a cut one.
 */
import { definedFields } from '../../defined-fields';

export const bodyCharacterLimit = 100_000;

export interface OpenApiCallOutput {
  status: number;
  /** `true` for 2xx. A non-2xx answer is still an output (the model can read the error body). */
  ok: boolean;
  headers?: { 'content-type': string };
  /** Parsed JSON for JSON answers, otherwise text; `null` for an empty body. */
  body: unknown;
  /** Present when the body was cut at the limit (a cut JSON body stays text). */
  truncated?: true;
}

const textual = /json|text\/|xml|javascript|x-www-form-urlencoded|yaml|csv/i;

async function readLimitedText(response: Response, limit: number): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      text += decoder.decode();
      break;
    }
    text += decoder.decode(value, { stream: true });
    if (text.length > limit) {
      await reader.cancel().catch(() => undefined);
      return { text: text.slice(0, limit), truncated: true };
    }
  }
  return text.length > limit ? { text: text.slice(0, limit), truncated: true } : { text, truncated: false };
}

export async function readResponse(
  response: Response,
  { limit = bodyCharacterLimit }: { limit?: number } = {},
): Promise<OpenApiCallOutput> {
  const contentType = response.headers.get('content-type') ?? undefined;
  const base = definedFields({
    status: response.status,
    ok: response.ok,
    headers: contentType ? { 'content-type': contentType } : undefined,
  });
  if (contentType && !textual.test(contentType)) {
    await response.body?.cancel().catch(() => undefined);
    return { ...base, body: `[binary content omitted: ${contentType}]` };
  }
  const { text, truncated } = await readLimitedText(response, limit);
  if (truncated) return { ...base, body: text, truncated: true };
  if (text === '') return { ...base, body: null };
  if (contentType && /json/i.test(contentType)) {
    try {
      return { ...base, body: JSON.parse(text) as unknown };
    } catch {
      // A server that labels non-JSON as JSON: the text is still useful to the model.
    }
  }
  return { ...base, body: text };
}
