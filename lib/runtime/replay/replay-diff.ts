/**
 * The difference between a test case's recording and its replay, pure. Calls are compared as a
 * person reads them: a call made with the same tool and equal arguments (canonical JSON) is the same
 * call wherever it happened; of the rest, a call of a tool both made is an argument change (paired
 * in order of calls); whatever is left was added or removed. The answer is compared word by word.
 */
import { diffWords } from 'diff';
import { canonicalJson } from '../../versions';
import { definedFields } from '../../defined-fields';

export interface ComparedCall {
  toolName: string;
  args: unknown;
}

export interface AnswerPart {
  value: string;
  added?: true;
  removed?: true;
}

export interface ReplayDiff {
  callsAdded: ComparedCall[];
  callsRemoved: ComparedCall[];
  argsChanged: Array<{ toolName: string; recorded: unknown; replayed: unknown }>;
  /** Empty when the answers are equal; otherwise every part of both, in order. */
  answerDiff: AnswerPart[];
}

/** Takes out the first call in `calls` that `matches`, or `undefined`. */
function takeFirst(calls: ComparedCall[], matches: (call: ComparedCall) => boolean): ComparedCall | undefined {
  const index = calls.findIndex(matches);
  return index === -1 ? undefined : calls.splice(index, 1)[0];
}

function answerParts(recorded: string, replayed: string): AnswerPart[] {
  if (recorded === replayed) return [];
  return diffWords(recorded, replayed).map((change) =>
    definedFields({
      value: change.value,
      added: change.added ? (true as const) : undefined,
      removed: change.removed ? (true as const) : undefined,
    }),
  );
}

export function diffReplay({
  recorded,
  replayed,
}: {
  recorded: { toolCalls: ReadonlyArray<ComparedCall>; answer: string };
  replayed: { toolCalls: ReadonlyArray<ComparedCall>; answer: string };
}): ReplayDiff {
  const key = (call: ComparedCall) => `${call.toolName}\u0000${canonicalJson(call.args)}`;
  const unmatchedRecorded = recorded.toolCalls.map(({ toolName, args }) => ({ toolName, args }));
  const unmatchedReplayed: ComparedCall[] = [];
  for (const call of replayed.toolCalls) {
    const wanted = key(call);
    if (!takeFirst(unmatchedRecorded, (candidate) => key(candidate) === wanted))
      unmatchedReplayed.push({ toolName: call.toolName, args: call.args });
  }
  const argsChanged: ReplayDiff['argsChanged'] = [];
  const callsAdded: ComparedCall[] = [];
  for (const call of unmatchedReplayed) {
    const before = takeFirst(unmatchedRecorded, (candidate) => candidate.toolName === call.toolName);
    if (before) argsChanged.push({ toolName: call.toolName, recorded: before.args, replayed: call.args });
    else callsAdded.push(call);
  }
  return {
    callsAdded,
    callsRemoved: unmatchedRecorded,
    argsChanged,
    answerDiff: answerParts(recorded.answer, replayed.answer),
  };
}

/** Whether a replay did exactly what its recording did. */
export function isEmptyDiff(diff: ReplayDiff): boolean {
  return (
    diff.callsAdded.length === 0 &&
    diff.callsRemoved.length === 0 &&
    diff.argsChanged.length === 0 &&
    diff.answerDiff.length === 0
  );
}
