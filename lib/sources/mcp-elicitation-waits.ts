/**
 * MCP tool calls whose server asked for input, held open while their run is paused. An
 * elicitation arrives while the call's `tools/call` is still open inside the MCP client: the call's
 * promise cannot be stored with the run, so this process keeps it, under the run and tool call, until
 * a continuation of that run brings the answer. A question is let go when the pool gives it up (its
 * elicitation timeout, or the server withdrew it) or the call ends meanwhile (its connection closed).
 * Nothing survives a restart, by design: the server's request lives on a connection of this
 * process. Owned by one studio's source loader. See docs/mcp.md, "Elicitation".
 */
import type { McpCallToolResult, McpElicitationAnswer, McpElicitationHandler, McpElicitationRequest } from '../mcp';

/** Where a call stands: finished (with the server's result), or waiting for an answer to `request`. */
export type ElicitingCallStep =
  { status: 'done'; result: McpCallToolResult } | { status: 'asked'; request: McpElicitationRequest };

export interface ElicitationWaits {
  /** Starts a call; resolves when it ends or its server asks (then it waits under `key`). */
  start(request: {
    key: string;
    signal: AbortSignal | undefined;
    call(onElicitation: McpElicitationHandler, signal: AbortSignal): Promise<McpCallToolResult>;
  }): Promise<ElicitingCallStep>;
  /** Answers the call waiting under `key` and follows it on; `undefined` when nothing waits there. */
  answer(request: {
    key: string;
    answer: McpElicitationAnswer;
    signal: AbortSignal | undefined;
  }): Promise<ElicitingCallStep> | undefined;
}

interface Question {
  request: McpElicitationRequest;
  reply(answer: McpElicitationAnswer): void;
}

type Settled = { ok: true; result: McpCallToolResult } | { ok: false; error: unknown };

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** One call: its outcome (never rejects), its next question, and the signal that stops it. */
interface Wait {
  outcome: Promise<Settled>;
  nextQuestion: Deferred<Question>;
  /** A question was asked and not yet answered (one at a time). */
  asked: boolean;
  /** The question the call is parked on. */
  question?: Question;
  controller: AbortController;
  unlink(): void;
}

const cancel: McpElicitationAnswer = { action: 'cancel' };

/** Stops the call when `signal` (the run request's) aborts, until unlinked: a parked call outlives its request. */
function link(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => {};
  if (signal.aborted) {
    controller.abort(signal.reason);
    return () => {};
  }
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}

export function createElicitationWaits(): ElicitationWaits {
  const waits = new Map<string, Wait>();

  /** Drops the parked call under `key` if it is still `wait`. */
  const letGo = (key: string, wait: Wait) => {
    if (waits.get(key) === wait) waits.delete(key);
  };

  const asker =
    (key: string, wait: Wait): McpElicitationHandler =>
    (request, signal) =>
      new Promise<McpElicitationAnswer>((resolve) => {
        // One question at a time per call: a second one while the first is open is not asked.
        if (wait.asked) return resolve(cancel);
        wait.asked = true;
        signal.addEventListener(
          'abort',
          () => {
            letGo(key, wait);
            resolve(cancel);
          },
          { once: true },
        );
        wait.nextQuestion.resolve({ request, reply: resolve });
      });

  /** Follows a call until it ends or asks; an asking call is parked under `key`. */
  const follow = async (key: string, wait: Wait): Promise<ElicitingCallStep> => {
    const step = await Promise.race([wait.outcome, wait.nextQuestion.promise.then((question) => ({ question }))]);
    wait.unlink();
    wait.unlink = () => {};
    if ('question' in step) {
      wait.question = step.question;
      wait.nextQuestion = deferred<Question>();
      waits.get(key)?.question?.reply(cancel);
      waits.set(key, wait);
      // A call that ends while parked (its connection closed) has nothing left to answer.
      void wait.outcome.then(() => letGo(key, wait));
      return { status: 'asked', request: step.question.request };
    }
    if (step.ok) return { status: 'done', result: step.result };
    throw step.error;
  };

  return {
    start({ key, signal, call }) {
      const controller = new AbortController();
      const wait: Wait = {
        outcome: Promise.resolve({ ok: false, error: undefined }),
        nextQuestion: deferred<Question>(),
        asked: false,
        controller,
        unlink: link(signal, controller),
      };
      wait.outcome = call(asker(key, wait), controller.signal).then(
        (result): Settled => ({ ok: true, result }),
        (error: unknown): Settled => ({ ok: false, error }),
      );
      return follow(key, wait);
    },
    answer({ key, answer, signal }) {
      const wait = waits.get(key);
      const question = wait?.question;
      if (!wait || !question) return undefined;
      waits.delete(key);
      wait.question = undefined;
      wait.asked = false;
      wait.unlink = link(signal, wait.controller);
      question.reply(answer);
      return follow(key, wait);
    },
  };
}
