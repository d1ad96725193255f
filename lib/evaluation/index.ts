/** Evaluations of agents against their test cases (docs/testing-agents.md). */
export * from './evaluations';
export * from './evaluation-view';
