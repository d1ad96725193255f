/**
 * Examples an application developer copies to load an agent: curl and the typed client
 * (`agent-studio/client`), with an example request context built from the agent. Pure.
 */
export { apiKeyVariable, appExamples, exampleLabel, type AppExamples, type AppExamplesInput } from './app-examples';
export { exampleRequestContext } from './example-context';
