/** What a replay did differently from the case's recording, in words, with the answer as a word diff. */
import { replayDiffInWords, type DiffToSay } from '@/lib/evaluation';
import type { TextPart } from '@/lib/versions';
import { WordDiff } from '../version-changes';

type StoredDiff = DiffToSay & { answerDiff?: TextPart[] };

function Sentences({ lead, items }: { lead: string; items: string[] }) {
  return items.map((item) => (
    <li key={`${lead}${item}`}>
      {lead} {item}
    </li>
  ));
}

export function ReplayDifferences({ diff }: { diff: unknown }) {
  if (typeof diff !== 'object' || diff === null) return null;
  const stored = diff as StoredDiff;
  const { added, removed, changed } = replayDiffInWords(stored);
  const answer = stored.answerDiff ?? [];
  if (added.length + removed.length + changed.length + answer.length === 0)
    return <p className="text-sm">Same tool calls and answer as the recording.</p>;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="font-medium">Compared with the recording:</p>
      {added.length + removed.length + changed.length > 0 ? (
        <ul className="list-disc pl-5">
          <Sentences lead="Called, not in the recording:" items={added} />
          <Sentences lead="No longer called:" items={removed} />
          <Sentences lead="Arguments changed:" items={changed} />
        </ul>
      ) : (
        <p>The same tool calls as the recording.</p>
      )}
      {answer.length > 0 ? (
        <>
          <p>The answer, word by word (added words marked, removed words struck out):</p>
          <WordDiff parts={answer} />
        </>
      ) : (
        <p>The same answer as the recording.</p>
      )}
    </div>
  );
}
