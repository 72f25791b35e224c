// The RunPolicy port: which tools a role and a skill may see, and what happens to each validated call.
import type { RunIdentity } from '../../shared/contracts/run-request.ts';

/** `review` pauses the run for a human before the call runs; `deny` answers the call with a refusal. */
export type CallVerdict =
  | { action: 'allow' }
  | { action: 'review'; reason?: string }
  | { action: 'deny'; code: 'permission_denied' | 'policy_denied'; reason: string };

export interface CallPolicyInput {
  identity: RunIdentity;
  skill: string | undefined;
  toolName: string;
  arguments: Record<string, unknown>;
}

/**
 * Visibility predicates are synchronous because they run over the whole catalog before every model call; the
 * implementation holds the current profile snapshot. Per-call checks may be async (they can ask another service).
 */
export interface RunPolicy {
  roleAllowsTool(role: string, toolName: string): boolean;
  /** `skill` is undefined when no skill is active; the policy decides what that exposes. */
  skillAllowsTool(skill: string | undefined, toolName: string): boolean;
  /** false for a route answered without tools: nothing, native tools included, is offered on it. Absent means true. */
  routeUsesTools?(route: string): boolean;
  /** true when the skill is tool-first: its run's first model call asks the provider to require a tool call. Absent means false. */
  skillRequiresTool?(skill: string): boolean;
  evaluateCall(input: CallPolicyInput): CallVerdict | Promise<CallVerdict>;
}
