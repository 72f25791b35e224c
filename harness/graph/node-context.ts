// What every node receives besides the state: the injected ports, the hook pipeline, the event sink and the run's signal.
import type { RunStreamEvent } from '../../shared/contracts/stream-event.ts';
import type { HookPipeline } from '../middleware/hook-pipeline.ts';
import type { HookRun } from '../middleware/middleware.ts';
import type { ModelAdapter } from '../models/model-adapter.ts';
import type { RunPolicy } from '../tools/run-policy.ts';
import type { Timers } from '../tools/tool-invoker.ts';
import type { ToolRegistry } from '../tools/tool-registry.ts';
import type { CancelRequest } from './cancel-requests.ts';
import type { RunContextProvider } from './run-context.ts';
import type { NodeName, NodeResult, RunState } from './run-state.ts';

export interface NodeContext {
  model: ModelAdapter;
  tools: ToolRegistry;
  policy: RunPolicy;
  context: RunContextProvider | undefined;
  hooks: HookPipeline;
  now: () => number;
  timers: Timers;
  defaultToolTimeoutMs: number;
  emit: (event: RunStreamEvent) => void;
  signal: AbortSignal;
  /** Reads the run's stored cancel flag, set through any harness copy; checked before every node. */
  cancelRequested?: (runId: string) => Promise<CancelRequest | undefined>;
}

export type NodeFn = (state: RunState, ctx: NodeContext) => Promise<NodeResult>;
export type NodeTable = Readonly<Record<NodeName, NodeFn>>;

export function hookRun(state: RunState): HookRun {
  return {
    runId: state.runId,
    threadId: state.threadId,
    identity: state.identity,
    route: state.route,
    skill: state.skill,
    limits: state.limits,
  };
}
