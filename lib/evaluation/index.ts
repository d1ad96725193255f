/**
 * Test cases checked and evaluations run. The expectation checks and what a run's messages say for
 * a recording are PURE (no IO; the judge model and the runs come in as arguments); `createEvaluations`
 * keeps evaluations in the storage and replays cases through the parts the composition root gives it.
 */
export {
  checkExpectations,
  defaultJudgePassScore,
  isJudged,
  type ExpectationResult,
  type JudgeAnswer,
  type JudgeVerdict,
  type OutcomeToolCall,
  type RunOutcome,
} from './check-expectations';
export { describeArgs, matchesPartially } from './match-args';
export { conversationOfRun, defaultExpectations, type RunConversation, type StoredMessage } from './recording-of-run';
export * from './evaluations';
export * from './evaluation-view';
export {
  argumentsInWords,
  expectationInWords,
  expectationTypeWords,
  finishReasonWords,
  inputInWords,
  percentOfShare,
  replayDiffInWords,
  type DiffToSay,
} from './test-case-words';
