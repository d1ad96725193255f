export { driveSession } from './drive';
export {
  answerContinuation,
  openContinuation,
  openNewRun,
  toMessages,
  type ContinuationRequest,
  type NewRunRequest,
} from './open';
export { emit, persist, type RunDependencies, type RunSession } from './session';
