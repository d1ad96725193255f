'use client';
/**
 * Running the test cases against a version (an evaluation) and following it: started through
 * `POST /api/agents/:id/evaluations`, then read every half second until it is no longer running,
 * so the tab shows each case as it finishes. Leaving the tab stops the reading, not the evaluation.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EvaluationView } from '@/lib/evaluation';
import { callOperation } from '../../../../_lib/api-fetch';

/** The version to test: a version number, or the latest saved version (`draft`). */
export type EvaluationTarget = { versionNumber: number } | { draft: true };

const pollMs = 500;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useEvaluation(agentId: string, { onFinished }: { onFinished: () => void }) {
  const [evaluation, setEvaluation] = useState<EvaluationView>();
  const [error, setError] = useState<string>();
  const [starting, setStarting] = useState(false);
  // The evaluation being read; another one (or leaving the tab) stops the loop reading the previous.
  const following = useRef<string | null>(null);
  useEffect(
    () => () => {
      following.current = null;
    },
    [],
  );

  const follow = useCallback(
    async (evaluationId: string) => {
      following.current = evaluationId;
      for (;;) {
        const answer = await callOperation('getEvaluation', { params: { evaluationId } });
        if (following.current !== evaluationId) return;
        if (!answer.ok) return setError(`The test run could not be read: ${answer.message}`);
        setEvaluation(answer.value);
        if (answer.value.status !== 'running') {
          following.current = null;
          return onFinished();
        }
        await pause(pollMs);
      }
    },
    [onFinished],
  );

  const start = useCallback(
    async (target: EvaluationTarget) => {
      setStarting(true);
      setError(undefined);
      const answer = await callOperation('startEvaluation', { params: { id: agentId }, body: target });
      setStarting(false);
      if (!answer.ok) return setError(`The tests did not start: ${answer.message}`);
      setEvaluation(undefined);
      await follow(answer.value.evaluationId);
    },
    [agentId, follow],
  );

  /** Shows an earlier evaluation (and follows it when it still runs). */
  const show = useCallback(
    (earlier: EvaluationView) => {
      following.current = null;
      setEvaluation(earlier);
      if (earlier.status === 'running') void follow(earlier.evaluationId);
    },
    [follow],
  );

  const running = starting || evaluation?.status === 'running';
  return { evaluation, error, running, start, show };
}
