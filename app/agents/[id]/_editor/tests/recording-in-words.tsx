/** What a test case's recording holds, in words: the tool calls its run made and the answer it gave. */
import { argumentsInWords } from '@/lib/evaluation';
import type { Recording } from '@/lib/schemas';

export function RecordingInWords({ recording }: { recording: Recording | undefined }) {
  if (!recording) return <p className="text-sm text-slate-700">No recording: tool calls are answered with an error.</p>;
  const when = recording.versionNumber ? ` (version ${recording.versionNumber})` : '';
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p>
        When it was recorded{when},{' '}
        {recording.toolCalls.length === 0 ? 'the agent called no tool.' : 'the agent called:'}
      </p>
      {recording.toolCalls.length > 0 ? (
        <ul className="list-disc pl-5">
          {recording.toolCalls.map((call, index) => (
            <li key={index}>
              {call.toolName} with {argumentsInWords(call.args)}
              {call.isError ? ' (it answered with an error)' : ''}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        It answered: <q className="whitespace-pre-wrap">{recording.answer || '(nothing)'}</q>
      </p>
    </div>
  );
}
