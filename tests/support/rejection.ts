import { StudioError } from '@/lib/errors';

/** The StudioError a promise rejects with; any other rejection is rethrown and a fulfilment fails the test. */
export async function rejection(promise: Promise<unknown>): Promise<StudioError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StudioError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}
