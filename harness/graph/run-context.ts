// The RunContextProvider port: where routing and skills plug in to choose the route and skill and add instructions.
import type { Message } from '../../shared/contracts/messages.ts';
import type { RunIdentity } from '../../shared/contracts/run-request.ts';
import type { ModelStepDraft } from './model-steps.ts';

export interface RunContextInput {
  /** The run being resolved, e.g. to trace a routing model call as part of it. */
  runId: string;
  identity: RunIdentity;
  messages: readonly Message[];
  /** Pins from the request; a provider should honour them rather than route again. */
  route: string | undefined;
  skill: string | undefined;
  /** The run's cancellation, for providers that call a model to route. */
  signal: AbortSignal;
  /** The run's clock, to time such a call. */
  now: () => number;
}

export interface RunContext {
  route?: string;
  skill?: string;
  /** Text placed as system messages before the conversation, e.g. the chosen skill's body, loaded once per run. */
  instructions: string[];
  /** The provider's own model call (routing), if it made one: it becomes the run's first step and adds to its usage. */
  routingStep?: ModelStepDraft;
}

export interface RunContextProvider {
  resolve(input: RunContextInput): Promise<RunContext>;
}
