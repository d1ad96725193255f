/**
 * Test cases checked: the expectation checks and what a run's messages say for a recording. PURE:
 * no IO; the judge model and the runs come in as arguments.
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
