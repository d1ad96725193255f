/**
 * What the editor reads of a stored run to make a test case from it. The studio passes a reader over
 * its run store (queued writes included), so the editor does not depend on the runtime.
 */
import type { StoredMessage } from '../evaluation';

/** A tool the calling application executed, as the run offered it to the model. */
export interface RunClientTool {
  description: string;
  inputSchema?: Record<string, unknown>;
}

/** What making a case from a run reads of the run (the runtime's stored record supplies it). */
export interface RunForTestCase {
  runId: string;
  agentId: string;
  status: string;
  versionNumber: number | null;
  requestContext: Record<string, unknown>;
  /** The conversation as the model saw it. */
  messages: readonly StoredMessage[];
  /** The client tools the run was offered, by name. */
  clientTools: Readonly<Record<string, RunClientTool>>;
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
  state: { messages: readonly StoredMessage[]; clientTools?: Readonly<Record<string, RunClientTool>> };
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
        clientTools: record.state.clientTools ?? {},
      }
    );
  };
}
