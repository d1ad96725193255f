'use server';
/** The run list for the agent editor's Runs tab, which loads it when the tab opens and on each filter. */
import { runAction } from '../_server/run-action';
import { listRuns, type RunListQuery } from './_data/runs';

export async function loadRuns(query: RunListQuery) {
  return runAction('runtime', () => listRuns(query));
}
