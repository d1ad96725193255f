/**
 * What the editor reads of a stored run to make a test case from it. The studio passes a reader over
 * its run store (queued writes included), so the editor does not depend on the runtime.
 */
import type { StoredMessage } from '../evaluation';

/** What making a case from a run reads of the run (the runtime's stored record supplies it). */
export interface RunForTestCase {
  runId: string;
  agentId: string;
  status: string;
  versionNumber: number | null;
  requestContext: Record<string, unknown>;
  /** The conversation as the model saw it. */
  messages: readonly StoredMessage[];
}

/** Reads a stored run (queued writes included); undefined for an unknown id. */
export type ReadRun = (runId: string) => Promise<RunForTestCase | undefined>;

/** A stored run as the runtime's run store answers it (only what a test case reads). */
interface StoredRunRecord {
  runId: string;
  agentId: string;
  status: string;
  versionNumber: number | null;
  requestContext: Record<string, unknown>;
  state: { messages: readonly StoredMessage[] };
}

/** A reader over a run store the studio builds after the editor (so it is named by a function). */
export function runReaderOf(store: () => { get(runId: string): Promise<StoredRunRecord | undefined> }): ReadRun {
  return async (runId) => {
    const record = await store().get(runId);
    return (
      record && {
        runId: record.runId,
        agentId: record.agentId,
        status: record.status,
        versionNumber: record.versionNumber,
        requestContext: record.requestContext,
        messages: record.state.messages,
      }
    );
  };
}
