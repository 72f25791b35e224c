// The runner: invoke, stream and resume all drive the one graph; stream yields events, invoke returns the RunResult.
import type { ReviewDecision, ResumeRequest } from '../../shared/contracts/review-decision.ts';
import { ResumeRequestSchema } from '../../shared/contracts/review-decision.ts';
import { RunRequestSchema, type RunIdentity, type RunRequest } from '../../shared/contracts/run-request.ts';
import type { RunResult } from '../../shared/contracts/run-result.ts';
import type { RunStreamEvent } from '../../shared/contracts/stream-event.ts';
import { isAppError } from '../../shared/errors/app-error.ts';
import { schemaIssues, summarizeIssues } from '../../shared/errors/schema-check.ts';
import { createHookPipeline } from '../middleware/hook-pipeline.ts';
import type { Middleware } from '../middleware/middleware.ts';
import type { ModelAdapter } from '../models/model-adapter.ts';
import type { RunPolicy } from '../tools/run-policy.ts';
import { systemTimers, type Timers } from '../tools/tool-invoker.ts';
import type { ToolRegistry } from '../tools/tool-registry.ts';
import type { CancelRequests } from './cancel-requests.ts';
import { CheckpointConflictError, type Checkpointer } from './checkpointer.ts';
import { eventChannel } from './event-channel.ts';
import { harnessErrors } from './harness-errors.ts';
import { hookRun, type NodeContext, type NodeTable } from './node-context.ts';
import { defaultNodes } from './nodes/index.ts';
import type { RunContextProvider } from './run-context.ts';
import { runGraph, saveCheckpoint } from './run-loop.ts';
import { buildRunResult } from './run-result.ts';
import { initialRunState, type RunState } from './run-state.ts';
import { applyReviewDecisions } from './review-decisions.ts';

export interface RunnerDeps {
  model: ModelAdapter;
  tools: ToolRegistry;
  policy: RunPolicy;
  checkpointer: Checkpointer;
  /** Cancel flags any copy may raise; without it only the run's own signal cancels it. */
  cancellations?: CancelRequests;
  middleware?: readonly Middleware[];
  context?: RunContextProvider;
  now?: () => number;
  timers?: Timers;
  /** Used when the request sets no toolTimeoutMs. */
  toolTimeoutMs?: number;
  /** Replaces node implementations; the edges stay fixed and are checked on every transition. */
  nodes?: Partial<NodeTable>;
}

export interface RunOptions {
  signal?: AbortSignal;
}

export interface ResumeOptions extends RunOptions {
  reviewer?: RunIdentity;
  /** The run's user as known now (current role and credential); must be the user the run started for. */
  identity?: RunIdentity;
}

export interface Runner {
  stream(request: RunRequest, options?: RunOptions): AsyncIterableIterator<RunStreamEvent>;
  invoke(request: RunRequest, options?: RunOptions): Promise<RunResult>;
  resumeStream(runId: string, decisions: ReviewDecision[], options?: ResumeOptions): AsyncIterableIterator<RunStreamEvent>;
  resume(runId: string, decisions: ReviewDecision[], options?: ResumeOptions): Promise<RunResult>;
  /** Ends a run paused for review as cancelled: every pending call is answered as not run. */
  cancelPausedStream(runId: string, by: { userId: string; role: string }, options?: RunOptions): AsyncIterableIterator<RunStreamEvent>;
  cancelPaused(runId: string, by: { userId: string; role: string }, options?: RunOptions): Promise<RunResult>;
}

async function resultOf(events: AsyncIterable<RunStreamEvent>): Promise<RunResult> {
  let result: RunResult | undefined;
  for await (const event of events) if (event.type === 'run_finished') result = event.result;
  if (!result) throw harnessErrors.internal_error(undefined, 'the run ended without a result');
  return result;
}

export function createRunner(deps: RunnerDeps): Runner {
  const hooks = createHookPipeline(deps.middleware ?? []);
  const nodes: NodeTable = { ...defaultNodes, ...deps.nodes };
  const now = deps.now ?? Date.now;

  async function drive(state: RunState, resumed: boolean, emit: (event: RunStreamEvent) => void, signal: AbortSignal) {
    const ctx: NodeContext = {
      model: deps.model,
      tools: deps.tools,
      policy: deps.policy,
      context: deps.context,
      hooks,
      now,
      timers: deps.timers ?? systemTimers,
      defaultToolTimeoutMs: deps.toolTimeoutMs ?? 60_000,
      emit,
      signal,
      ...(deps.cancellations ? { cancelRequested: (runId: string) => deps.cancellations!.find(runId) } : {}),
    };
    const final = await runGraph({ state, resumed, nodes, checkpointer: deps.checkpointer, ctx });
    const result = buildRunResult(final);
    await hooks.afterAgent({ run: hookRun(final), result });
    emit({ type: 'run_finished', runId: final.runId, result });
  }

  function stream(request: RunRequest, options: RunOptions = {}) {
    return eventChannel<RunStreamEvent>(async (emit, signal) => {
      const issues = schemaIssues(RunRequestSchema, request);
      if (issues) throw harnessErrors.invalid_request({ issues }, `invalid run request: ${summarizeIssues(issues)}`);
      const state = initialRunState(request, now());
      try {
        await saveCheckpoint(deps.checkpointer, state, null);
      } catch (err) {
        if (err instanceof CheckpointConflictError) throw harnessErrors.run_exists(undefined, `run ${request.runId} already exists`);
        if (isAppError(err, 'invariant_violation')) throw harnessErrors.invalid_request(undefined, err.message);
        throw err;
      }
      emit({ type: 'run_started', runId: state.runId, threadId: state.threadId, resumed: false });
      await drive(state, false, emit, signal);
    }, options.signal);
  }

  function resumeStream(runId: string, decisions: ReviewDecision[], options: ResumeOptions = {}) {
    return eventChannel<RunStreamEvent>(async (emit, signal) => {
      const request: ResumeRequest = { runId, decisions };
      if (options.reviewer) request.reviewer = options.reviewer;
      if (options.identity) request.identity = options.identity;
      const issues = schemaIssues(ResumeRequestSchema, request);
      if (issues) throw harnessErrors.invalid_review_decision({ issues }, `invalid resume request: ${summarizeIssues(issues)}`);
      const saved = await deps.checkpointer.load(runId);
      if (!saved) throw harnessErrors.run_not_found(undefined, `no checkpoint exists for run ${runId}`);
      if (options.identity && options.identity.userId !== saved.identity.userId) {
        throw harnessErrors.identity_mismatch(undefined, `run ${runId} was started for another user`);
      }
      // The calls run, and later steps are authorized, with the identity as it is now, never as it was at the pause.
      const state: RunState = options.identity ? { ...saved, identity: options.identity } : saved;
      if (state.status !== 'interrupted') {
        throw harnessErrors.resume_refused(undefined, `run ${runId} is ${state.status}, not waiting for review; decisions are applied once`);
      }
      const applied = await applyReviewDecisions(state, request, { catalog: await deps.tools.catalog(), policy: deps.policy, now: now() });
      try {
        await saveCheckpoint(deps.checkpointer, applied.state, state.step);
      } catch (err) {
        if (err instanceof CheckpointConflictError) throw harnessErrors.resume_refused(undefined, `run ${runId} was resumed by another request first`);
        throw err;
      }
      emit({ type: 'run_started', runId, threadId: state.threadId, resumed: true });
      for (const outcome of applied.outcomes) emit({ type: 'tool_result', runId, record: outcome.record });
      await drive(applied.state, true, emit, signal);
    }, options.signal);
  }

  function cancelPausedStream(runId: string, by: { userId: string; role: string }, options: RunOptions = {}) {
    return eventChannel<RunStreamEvent>(async (emit, signal) => {
      const saved = await deps.checkpointer.load(runId);
      if (!saved) throw harnessErrors.run_not_found(undefined, `no checkpoint exists for run ${runId}`);
      if (saved.status !== 'interrupted') throw harnessErrors.resume_refused(undefined, `run ${runId} is ${saved.status}, not waiting for review`);
      const error = { code: 'cancelled', message: `the run was cancelled by ${by.userId}`, node: saved.node, details: { cancelledBy: { userId: by.userId, role: by.role } } };
      // Straight to fail from the pause: it answers every pending call; the step check makes a racing resume or cancel lose.
      const state: RunState = { ...saved, status: 'running', node: 'fail', error };
      emit({ type: 'run_started', runId, threadId: saved.threadId, resumed: true });
      try {
        await drive(state, true, emit, signal);
      } catch (err) {
        if (err instanceof CheckpointConflictError) throw harnessErrors.resume_refused(undefined, `run ${runId} was resumed or cancelled by another request first`);
        throw err;
      }
    }, options.signal);
  }

  return {
    stream,
    cancelPausedStream,
    cancelPaused: (runId, by, options) => resultOf(cancelPausedStream(runId, by, options)),
    invoke: (request, options) => resultOf(stream(request, options)),
    resumeStream,
    resume: (runId, decisions, options) => resultOf(resumeStream(runId, decisions, options)),
  };
}
