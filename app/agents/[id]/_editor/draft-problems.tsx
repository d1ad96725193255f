'use client';
/**
 * Values a person is still typing that cannot be saved yet (a rule value "abc" on a number, JSON
 * that does not parse). The form keeps its last valid value meanwhile; Save refuses, saying what
 * to fix, until every draft reads again.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

interface DraftProblems {
  /** `unsaved`: what is typed has not reached the form (it cannot be read yet), so it is an unsaved change. */
  report(key: string, problem: string | undefined, unsaved?: boolean): void;
  first(): string | undefined;
  /** Whether some draft holds typing the form does not have: the page has unsaved changes. */
  unsaved: boolean;
}

const DraftProblemsContext = createContext<DraftProblems | null>(null);

export function useDraftProblemsRegistry(): DraftProblems {
  const problems = useRef(new Map<string, string>());
  const unsavedKeys = useRef(new Set<string>());
  const [unsaved, setUnsaved] = useState(false);
  const report = useCallback((key: string, problem: string | undefined, isUnsaved = false) => {
    if (problem === undefined) problems.current.delete(key);
    else problems.current.set(key, problem);
    if (problem !== undefined && isUnsaved) unsavedKeys.current.add(key);
    else unsavedKeys.current.delete(key);
    setUnsaved(unsavedKeys.current.size > 0);
  }, []);
  const first = useCallback(() => problems.current.values().next().value, []);
  return useMemo(() => ({ report, first, unsaved }), [report, first, unsaved]);
}

export const DraftProblemsProvider = DraftProblemsContext.Provider;

/** Reports this component's current problem (`undefined`: none); cleared when it unmounts. */
export function useReportDraftProblem(key: string, problem: string | undefined, unsaved = false) {
  const registry = useContext(DraftProblemsContext);
  const report = registry?.report;
  useEffect(() => {
    report?.(key, problem, unsaved);
  }, [report, key, problem, unsaved]);
  useEffect(() => () => report?.(key, undefined), [report, key]);
}
