import { schemaAnchor, type OperationView, type ResponseView } from '@/lib/api-reference';
import { TableHead } from '../../_components/ui/table-head';
import { BodyContent, contentTypeText } from './body-content';
import { InlineCode } from './inline-code';
import { typeText } from './schema-list';

/** The usual words of the statuses the API answers, beside the number. */
const statusWords: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No content',
  '400': 'Bad request',
  '401': 'Not signed in',
  '403': 'Forbidden',
  '404': 'Not found',
  '405': 'Method not allowed',
  '409': 'Conflict',
  '413': 'Too large',
  '415': 'Unsupported media type',
  '421': 'Misdirected',
  '422': 'Unprocessable',
  '429': 'Too many requests',
  '500': 'Server error',
  '502': 'Bad gateway',
  '503': 'Unavailable',
  '504': 'Gateway timeout',
};

export function statusText(status: string): string {
  return statusWords[status] ? `${status} ${statusWords[status]}` : status;
}

function Headers({ response }: { response: ResponseView }) {
  if (response.headers.length === 0) return null;
  return (
    <ul className="mt-1 text-slate-700">
      {response.headers.map((header) => (
        <li key={header.name}>
          Header <code className="font-mono text-slate-900">{header.name}</code> ({typeText(header.value)})
          {header.description ? (
            <>
              : <InlineCode text={header.description} />
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** An answer whose body is described here: its status and meaning, then the body's properties. */
function DescribedResponse({ response }: { response: ResponseView }) {
  return (
    <li className="flex flex-col gap-1 rounded-md border border-slate-200 p-3">
      <p>
        <span className="font-mono font-semibold">{statusText(response.status)}</span>
        {response.description ? (
          <>
            {' · '}
            <InlineCode text={response.description} />
          </>
        ) : null}
      </p>
      {response.body ? <BodyContent body={response.body} /> : null}
      <Headers response={response} />
    </li>
  );
}

function bodyCell(response: ResponseView) {
  const body = response.body;
  if (!body) return 'No body';
  if (!body.sharedSchema) return contentTypeText(body.contentType);
  return (
    <>
      {contentTypeText(body.contentType)}, <a href={`#${schemaAnchor(body.sharedSchema)}`}>{body.sharedSchema}</a>
    </>
  );
}

const columns = ['Status', 'Meaning', 'Body'];

/** The operation's answers that many others give word for word: by status, each linked to its description. */
function CommonAnswerLinks({ operation }: { operation: OperationView }) {
  if (operation.commonAnswers.length === 0) return null;
  return (
    <p className="text-sm text-slate-700">
      Also the{' '}
      <a href="#common-answers" className="underline">
        common answers
      </a>
      :{' '}
      {operation.commonAnswers.map((answer, index) => (
        <span key={answer.anchor}>
          {index > 0 ? ', ' : null}
          <a href={`#${answer.anchor}`} className="underline">
            {statusText(answer.status)}
          </a>
        </span>
      ))}
      .
    </p>
  );
}

/** Answers in a table: status, meaning (with headers), body. */
export function AnswerTable({
  responses,
  labelledBy,
  anchors,
}: {
  responses: ResponseView[];
  labelledBy: string;
  /** Element ids of the rows, when links point at them. */
  anchors?: string[];
}) {
  return (
    <table aria-labelledby={labelledBy} className="api-table">
      <TableHead columns={columns} compact />
      <tbody>
        {responses.map((response, index) => (
          <tr
            key={anchors?.[index] ?? response.status}
            id={anchors?.[index]}
            className={anchors ? 'scroll-mt-4' : undefined}
          >
            <td className="font-mono">{statusText(response.status)}</td>
            <td className="text-slate-700">
              <InlineCode text={response.description} />
              <Headers response={response} />
            </td>
            <td>{bodyCell(response)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The answers: those with a body of their own described one by one, the rest in a table, then the
 * common answers it gives too, by status.
 */
export function ResponseList({ operation }: { operation: OperationView }) {
  const described = operation.responses.filter((response) => response.body?.schema);
  const listed = operation.responses.filter((response) => !response.body?.schema);
  const headingId = `${operation.anchor}-responses`;
  return (
    <div className="flex flex-col gap-2">
      <h4 id={headingId} className="font-semibold">
        Responses
      </h4>
      {described.length > 0 ? (
        <ul className="flex flex-col gap-2 text-sm">
          {described.map((response) => (
            <DescribedResponse key={response.status} response={response} />
          ))}
        </ul>
      ) : null}
      {listed.length > 0 ? <AnswerTable responses={listed} labelledBy={headingId} /> : null}
      <CommonAnswerLinks operation={operation} />
    </div>
  );
}
