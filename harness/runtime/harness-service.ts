// The harness as a service: each run is composed from the snapshot current at its start (policy, MCP tools, model, routing).
import type { Logger } from 'pino';
import type { CancelAnswer, CancelCall, ResumeCall, RunView } from '../../shared/contracts/harness-http.ts';
import type { RunIdentity, RunRequest } from '../../shared/contracts/run-request.ts';
import type { RunResult } from '../../shared/contracts/run-result.ts';
import type { RunStreamEvent } from '../../shared/contracts/stream-event.ts';
import type { CancelRequests } from '../graph/cancel-requests.ts';
import type { Checkpointer } from '../graph/checkpointer.ts';
import { harnessErrors } from '../graph/harness-errors.ts';
import { createRunner, type Runner } from '../graph/runner.ts';
import { createLimitsMiddleware } from '../middleware/limits.ts';
import { createLoggingMiddleware } from '../middleware/logging.ts';
import type { Middleware } from '../middleware/middleware.ts';
import { createModelSummarizer, createSummarizationMiddleware } from '../middleware/summarization.ts';
import { createTracingMiddleware, type TracingMiddleware } from '../middleware/tracing.ts';
import { createUsageMiddleware } from '../middleware/usage.ts';
import { messageContentCaptured } from '../../shared/telemetry/telemetry-switch.ts';
import type { ModelAdapter } from '../models/model-adapter.ts';
import type { McpClientPool } from '../mcp/mcp-client-pool.ts';
import { resolveMcpServers } from '../mcp/mcp-servers.ts';
import { createMcpToolSource } from '../mcp/mcp-tool-source.ts';
import { findChoice } from '../routing/route-choices.ts';
import { createRunContextProvider } from '../routing/run-context-provider.ts';
import { nativeTools } from '../tools/builtins/index.ts';
import type { Timers } from '../tools/tool-invoker.ts';
import { createSubagentToolSource, withoutReview } from '../tools/subagent-tools.ts';
import { createToolRegistry } from '../tools/tool-registry.ts';
import { harnessStatus, type HarnessStatus } from './harness-status.ts';
import type { ModelAdapters } from './model-adapters.ts';
import { runViewOf } from './run-view.ts';
import type { RuntimeSnapshot } from './runtime-snapshot.ts';
import type { SnapshotSource } from './snapshot-source.ts';

export interface HarnessServiceDeps {
  snapshots: SnapshotSource;
  checkpointer: Checkpointer;
  cancellations: CancelRequests;
  pool: McpClientPool;
  models: ModelAdapters;
  logger: Logger;
  /** The MCP server used when the profile lists none. */
  mcpUrl: string;
  profilePath: string;
  toolTimeoutMs: number;
  now?: () => number;
  timers?: Timers;
}

/** Every error, including a refused start, surfaces on the first `next()` of these iterators, before any event. */
export interface HarnessService {
  stream(request: RunRequest, signal?: AbortSignal): AsyncIterableIterator<RunStreamEvent>;
  invoke(request: RunRequest, signal?: AbortSignal): Promise<RunResult>;
  resumeStream(runId: string, call: ResumeCall, signal?: AbortSignal): AsyncIterableIterator<RunStreamEvent>;
  resume(runId: string, call: ResumeCall, signal?: AbortSignal): Promise<RunResult>;
  /** Raises the run's cancel flag (seen by whichever copy runs it) and ends it here when it is paused for review. */
  cancel(runId: string, call: CancelCall): Promise<CancelAnswer>;
  getRun(runId: string): Promise<RunView>;
  status(): HarnessStatus;
}

async function lastResult(events: AsyncIterable<RunStreamEvent>): Promise<RunResult> {
  let result: RunResult | undefined;
  for await (const event of events) if (event.type === 'run_finished') result = event.result;
  if (!result) throw harnessErrors.internal_error(undefined, 'the run ended without a result');
  return result;
}

function checkPins(snapshot: RuntimeSnapshot, request: RunRequest): void {
  if (request.skill !== undefined && !findChoice(snapshot, request.skill, 'skill')) {
    throw harnessErrors.unknown_route(undefined, `no enabled skill is named "${request.skill}"`);
  }
  if (request.route !== undefined && !findChoice(snapshot, request.route)) {
    throw harnessErrors.unknown_route(undefined, `no route or enabled skill is named "${request.route}"`);
  }
}

export function createHarnessService(deps: HarnessServiceDeps): HarnessService {
  const logging = createLoggingMiddleware({ logger: deps.logger });
  const usage = createUsageMiddleware();
  const captureContent = messageContentCaptured(process.env);

  /** Limits and summarising follow the snapshot's profile; the summary is written by the run's own model. */
  function middlewareFor(snapshot: RuntimeSnapshot, model: ModelAdapter, tracing: TracingMiddleware): Middleware[] {
    const { history, limits } = snapshot.profile;
    const summarizer = createModelSummarizer(model, (runId) => tracing.sideModel(model, runId, 'summary'));
    const summarize = history && history.summarizeAfter > 0
      ? [createSummarizationMiddleware({ summarize: summarizer, maxMessages: history.summarizeAfter, keepRecent: history.keepRecent })]
      : [];
    return [tracing, logging, createLimitsMiddleware(limits), ...summarize, usage];
  }

  /** A nested run (a subagent's) gets no subagents, no human questions and no review pauses: nothing could wait for it. */
  function runnerFor(snapshot: RuntimeSnapshot, identity: RunIdentity, model: ModelAdapter, nested = false): Runner {
    const tracing = createTracingMiddleware({ provider: model.provider, model: model.model, captureContent });
    const middleware = middlewareFor(snapshot, model, tracing);
    const mcpSources = resolveMcpServers(snapshot.profile, deps.mcpUrl).map((server) =>
      createMcpToolSource(server.name, deps.pool.connection(server, identity), snapshot.profile),
    );
    const subagents = snapshot.profile.subagents ?? [];
    const sources = nested || subagents.length === 0
      ? mcpSources
      : [...mcpSources, createSubagentToolSource(subagents, (request, signal) => runnerFor(snapshot, identity, model, true).invoke(request, { signal }))];
    return createRunner({
      model,
      tools: createToolRegistry({ sources, nativeTools: nested ? [] : nativeTools }),
      policy: nested ? withoutReview(snapshot.policy) : snapshot.policy,
      checkpointer: deps.checkpointer,
      cancellations: deps.cancellations,
      middleware,
      context: createRunContextProvider({ snapshot, model, routingModel: (runId) => tracing.sideModel(model, runId, 'routing'), logger: deps.logger }),
      toolTimeoutMs: deps.toolTimeoutMs,
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.timers ? { timers: deps.timers } : {}),
    });
  }

  /**
   * The role is checked against the profile on every start and every resume: the caller looked it up from the user's
   * credential just now, and a role the profile no longer has may do nothing.
   */
  function withRunner(identity: RunIdentity, check: (snapshot: RuntimeSnapshot) => void, work: (runner: Runner) => AsyncIterableIterator<RunStreamEvent>) {
    return (async function* () {
      const snapshot = deps.snapshots.current();
      const settings = snapshot.profile.model;
      if (!settings) throw harnessErrors.model_not_configured();
      if (!snapshot.profile.roles[identity.role]) throw harnessErrors.unknown_role(undefined, `the role "${identity.role}" is not in the runtime profile`);
      check(snapshot);
      const lease = deps.models.acquire(settings);
      try {
        yield* work(runnerFor(snapshot, identity, lease.adapter));
      } finally {
        lease.release();
      }
    })();
  }

  const stream = (request: RunRequest, signal?: AbortSignal) =>
    withRunner(request.identity, (snapshot) => checkPins(snapshot, request), (runner) => runner.stream(request, signal ? { signal } : {}));

  const resumeStream = (runId: string, call: ResumeCall, signal?: AbortSignal) =>
    withRunner(call.identity, () => undefined, (runner) =>
      runner.resumeStream(runId, call.decisions, {
        identity: call.identity,
        ...(call.reviewer ? { reviewer: call.reviewer } : {}),
        ...(signal ? { signal } : {}),
      }),
    );

  return {
    stream,
    invoke: (request, signal) => lastResult(stream(request, signal)),
    resumeStream,
    resume: (runId, call, signal) => lastResult(resumeStream(runId, call, signal)),
    async cancel(runId, { by }) {
      const saved = await deps.checkpointer.load(runId);
      if (saved && (saved.status === 'completed' || saved.status === 'failed')) throw harnessErrors.run_not_active(undefined, `run ${runId} is ${saved.status}`);
      // Raised even without a checkpoint: the run may be starting on another copy right now, and stops at its first node.
      await deps.cancellations.request({ runId, by, at: (deps.now ?? Date.now)() });
      if (saved?.status !== 'interrupted') return { runId, state: 'cancelling' };
      const result = await lastResult(withRunner(saved.identity, () => undefined, (runner) => runner.cancelPausedStream(runId, by)));
      return { runId, state: 'cancelled', result };
    },
    async getRun(runId) {
      const state = await deps.checkpointer.load(runId);
      if (!state) throw harnessErrors.run_not_found(undefined, `no checkpoint exists for run ${runId}`);
      return runViewOf(state);
    },
    status() {
      const snapshot = deps.snapshots.current();
      return harnessStatus({
        snapshot,
        profilePath: deps.profilePath,
        lastReload: deps.snapshots.lastReload(),
        mcp: deps.pool.status(resolveMcpServers(snapshot.profile, deps.mcpUrl)),
      });
    },
  };
}
