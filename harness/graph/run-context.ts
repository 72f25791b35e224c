// The RunContextProvider port: where routing and skills plug in to choose the route and skill and add instructions.
import type { Message } from '../../shared/contracts/messages.ts';
import type { RunIdentity } from '../../shared/contracts/run-request.ts';
import type { TokenUsage } from '../../shared/contracts/run-result.ts';

export interface RunContextInput {
  identity: RunIdentity;
  messages: readonly Message[];
  /** Pins from the request; a provider should honour them rather than route again. */
  route: string | undefined;
  skill: string | undefined;
  /** The run's cancellation, for providers that call a model to route. */
  signal: AbortSignal;
}

export interface RunContext {
  route?: string;
  skill?: string;
  /** Text placed as system messages before the conversation, e.g. the chosen skill's body, loaded once per run. */
  instructions: string[];
  /** Tokens the provider itself spent (a routing model call), added to the run's usage. */
  usage?: TokenUsage;
}

export interface RunContextProvider {
  resolve(input: RunContextInput): Promise<RunContext>;
}
