/**
 * The one place the Runs pages read runs: the shapes of `GET /api/runs` and `GET /api/runs/:runId`
 * (the runtime's own types, a run's detail in the list's form) and the in-process reader that
 * answers them, `studio.runtime.runs`, read like every page reads the studio (no page goes through
 * the HTTP API in process).
 */
import { invalidInput, issuesFromZod } from '@/lib/errors';
import { runListQuerySchema } from '@/lib/schemas';
import type {
  ListedStatus,
  RecordedStep,
  RecordedToolCall,
  RunListItem,
  RunListPage,
  RunListRequest,
  RunView,
  TranscriptEntry,
} from '@/lib/runtime';
import { currentStudio } from '@/lib/studio-handle';

export type { RunListItem, RunListPage } from '@/lib/runtime';

export type RunStatus = ListedStatus;
export type TokenUsage = RunListItem['usage'];
export type RunStep = RecordedStep & { index: number };
export type StepToolCall = RecordedToolCall;

export interface RunDetail extends RunListItem {
  steps: RunStep[];
  transcript: TranscriptEntry[];
  /** The calls a paused run waits for. */
  pending?: Array<{ toolCallId: string; toolName: string; kind: string }>;
  files?: Record<string, string>;
}

/** The list's filters and page (the API's `listRuns` query). */
export type RunListQuery = Omit<RunListRequest, 'cursorPath'>;

/** What the pages need of the runtime; `invalid_input` for a bad filter or cursor, `not_found` for an unknown run. */
export interface RunsReader {
  list(query: RunListQuery): Promise<RunListPage>;
  get(runId: string): Promise<RunDetail>;
}

/** A run as the API's `getRun` shows it, in the contract's list form (`aborted` listed as `failed`, absent ids as null). */
function detailOf(view: RunView): RunDetail {
  const { error } = view;
  return {
    runId: view.runId,
    agentId: view.agentId,
    versionNumber: view.versionNumber ?? null,
    label: view.label ?? null,
    ...(view.draft ? { draft: view.draft } : {}),
    resolvedToolsHash: view.resolvedToolsHash ?? null,
    status: view.status === 'aborted' ? 'failed' : view.status,
    finishReason: view.finishReason,
    startedAt: view.startedAt,
    finishedAt: view.finishedAt,
    durationMs: view.durationMs,
    usage: view.usage,
    toolCallCount: view.toolCallCount,
    threadId: view.threadId ?? null,
    resourceId: view.resourceId ?? null,
    ...(error ? { error: { code: error.code, message: error.message } } : {}),
    steps: view.steps,
    transcript: view.transcript,
    ...(view.pending ? { pending: view.pending } : {}),
    ...(view.files ? { files: view.files } : {}),
  };
}

function reader(): RunsReader {
  const { runs } = currentStudio().runtime;
  return {
    async list(query) {
      // The Runs tab's server action takes the query from the browser: parse it as the API would.
      const parsed = runListQuerySchema.strict().safeParse(query);
      if (!parsed.success) throw invalidInput(issuesFromZod(parsed.error));
      return runs.list(parsed.data);
    },
    get: async (runId) => detailOf(await runs.get(runId)),
  };
}

export const listRuns = (query: RunListQuery): Promise<RunListPage> => reader().list(query);

export const getRun = (runId: string): Promise<RunDetail> => reader().get(runId);
