/**
 * Answers that many operations give word for word (the refusals nearly every operation can give:
 * 400, 403, 421, 503, ...) are described once on the page and named by status under each
 * operation, instead of repeated under every one. Only answers whose body is not described in place
 * (no body, or a shared schema) count: an answer with a body of its own always stays with its
 * operation.
 */
import type { CommonAnswer, OperationView, ResponseView } from './reference-types';

export type OwnOperation = Omit<OperationView, 'commonAnswers'>;

/** How many operations must give an answer word for word before it is described once for all. */
const minimumOperations = 3;

const keyOf = (response: ResponseView) =>
  JSON.stringify([
    response.status,
    response.description,
    response.body ?? null,
    response.headers.map((header) => [header.name, header.value.type, header.description ?? '']),
  ]);

const byStatus = (left: ResponseView, right: ResponseView) =>
  left.status.localeCompare(right.status, 'en', { numeric: true });

export function withCommonAnswers(operations: readonly OwnOperation[]): {
  operations: OperationView[];
  commonAnswers: CommonAnswer[];
} {
  const counts = new Map<string, { response: ResponseView; operations: number }>();
  for (const operation of operations)
    for (const response of operation.responses) {
      if (response.body?.schema) continue;
      const key = keyOf(response);
      const counted = counts.get(key);
      if (counted) counted.operations += 1;
      else counts.set(key, { response, operations: 1 });
    }
  const anchors = new Map<string, string>();
  const perStatus = new Map<string, number>();
  const commonAnswers = [...counts.entries()]
    .filter(([, counted]) => counted.operations >= minimumOperations)
    .sort(([, left], [, right]) => byStatus(left.response, right.response))
    .map(([key, { response, operations: count }]) => {
      const seen = (perStatus.get(response.status) ?? 0) + 1;
      perStatus.set(response.status, seen);
      const anchor = `answer-${response.status}${seen === 1 ? '' : `-${seen}`}`;
      anchors.set(key, anchor);
      return { ...response, anchor, operations: count };
    });
  return {
    operations: operations.map((operation) => ({
      ...operation,
      responses: operation.responses.filter((response) => !anchors.has(keyOf(response))),
      commonAnswers: operation.responses.flatMap((response) => {
        const anchor = anchors.get(keyOf(response));
        return anchor ? [{ status: response.status, anchor }] : [];
      }),
    })),
    commonAnswers,
  };
}
