// Public surface of the graph: the runner, the Checkpointer port and its implementations, the pairing invariant.
export type { Runner, RunnerDeps, RunOptions, ResumeOptions } from './runner.ts';
export type { Checkpointer, CheckpointSummary } from './checkpointer.ts';
export type { RunContext, RunContextInput, RunContextProvider } from './run-context.ts';
export { modelStepOf, type ModelStepDraft } from './model-steps.ts';
export type { RunState, NodeName } from './run-state.ts';
export { createRunner } from './runner.ts';
export { CheckpointConflictError } from './checkpointer.ts';
export { createMemoryCheckpointer } from './memory-checkpointer.ts';
export { createStoreCheckpointer } from './store-checkpointer.ts';
export { assertToolCallPairing } from './tool-call-pairing.ts';
export { harnessErrors } from './harness-errors.ts';
