/** Replaying test cases against a version, and the difference from their recordings. */
export { diffReplay, isEmptyDiff, type AnswerPart, type ComparedCall, type ReplayDiff } from './replay-diff';
export {
  createRecordedAnswers,
  replayToolsOf,
  type RecordedCall,
  type ReplayedCall,
  type ReplaySource,
} from './replay-tools';
export {
  replayTestCase,
  versionSelectorOf,
  type ReplayDependencies,
  type ReplayRequest,
  type ReplayResult,
  type ReplaySelector,
} from './replay-test-case';
