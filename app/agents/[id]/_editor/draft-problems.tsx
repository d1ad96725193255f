'use client';
/**
 * Values a person is still typing that cannot be saved yet (a rule value "abc" on a number, JSON
 * that does not parse). The form keeps its last valid value meanwhile; Save refuses, saying what
 * to fix, until every draft reads again.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';

interface DraftProblems {
  report(key: string, problem: string | undefined): void;
  first(): string | undefined;
}

const DraftProblemsContext = createContext<DraftProblems | null>(null);

export function useDraftProblemsRegistry(): DraftProblems {
  const problems = useRef(new Map<string, string>());
  const report = useCallback((key: string, problem: string | undefined) => {
    if (problem === undefined) problems.current.delete(key);
    else problems.current.set(key, problem);
  }, []);
  const first = useCallback(() => problems.current.values().next().value, []);
  return useMemo(() => ({ report, first }), [report, first]);
}

export const DraftProblemsProvider = DraftProblemsContext.Provider;

/** Reports this component's current problem (`undefined`: none); cleared when it unmounts. */
export function useReportDraftProblem(key: string, problem: string | undefined) {
  const registry = useContext(DraftProblemsContext);
  useEffect(() => {
    registry?.report(key, problem);
  }, [registry, key, problem]);
  useEffect(() => () => registry?.report(key, undefined), [registry, key]);
}
