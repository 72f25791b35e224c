// Runs the agent for a user: calls the harness with the caller's identity and session, then writes the audit after the boundary.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Message } from '../../shared/contracts/messages.ts';
import type { RunRequest } from '../../shared/contracts/run-request.ts';
import { groundingNotice, type RunResult } from '../../shared/contracts/run-result.ts';
import { activeTraceId } from '../../shared/telemetry/spans.ts';
import { isAppError } from '../../shared/errors/app-error.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import type { Identity } from '../identity/identity.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { AgentRunInput, AgentRunListener, AgentRunOutcome, AgentRunService } from '../contracts/agent-run-service.ts';
import type { HarnessClient } from './harness-client.ts';
import type { ReviewRepository } from './review-repository.ts';
import type { SessionRepository, Turn } from './session-repository.ts';
import type { SessionGate } from './session-gate.ts';
import type { TurnDoc } from './session-turns.ts';
import type { BusyPolicy } from '../../shared/contracts/profile-sections.ts';
import { toRunRecord, toToolCallDocs, type RunBoundary, type RunOutcome } from './run-audit.ts';

export interface AgentRunDeps {
  readonly harness: HarnessClient;
  readonly audit: AuditRepository;
  readonly sessions: SessionRepository;
  readonly reviews: ReviewRepository;
  readonly reviewTtlMs: number;
  readonly gate: SessionGate;
  /** The profile's busy-session policy for a channel (undefined: the bare API). */
  readonly busyPolicy: (channel: string | undefined) => BusyPolicy;
  /** Stops a busy run for a message sent under the interrupt policy (started runs are cancelled through the harness). */
  readonly interrupt: (turn: TurnDoc, by: Identity) => Promise<void>;
  /** Where a failing outcome listener is reported. */
  readonly logger: Logger;
  readonly now?: () => Date;
}

export interface AgentRunner extends AgentRunService {
  /** Records what a run came back with and tells the listeners; the review service calls it with `resumed` for resumed runs. */
  settle(
    boundary: RunBoundary,
    requester: Identity,
    outcome: RunOutcome,
    resumed?: boolean,
  ): Promise<AgentRunOutcome>;
}

const userTurn = (boundary: RunBoundary): Turn[] => [{ role: 'user', content: boundary.input, runId: boundary.runId }];

export function createAgentRunService(deps: AgentRunDeps): AgentRunner {
  const now = deps.now ?? (() => new Date());
  const listeners = new Set<AgentRunListener>();

  async function tell(userId: string, resumed: boolean, outcome: AgentRunOutcome): Promise<void> {
    for (const listener of [...listeners]) {
      try {
        await listener({ userId, resumed, outcome });
      } catch (err) {
        deps.logger.error({ err, runId: outcome.runId }, 'an agent-run listener failed');
      }
    }
  }

  /** Checks the session is the caller's, then waits for its turn by the busy policy; the history is read once the turn is ours. */
  async function prepare(identity: Identity, input: AgentRunInput): Promise<{ boundary: RunBoundary; request: RunRequest } | { boundary: RunBoundary; cancelledBy: string }> {
    const sessionId = input.sessionId ?? randomUUID();
    if ((await deps.sessions.history(sessionId, identity.userId)) === null) throw kernelErrors.not_found({ sessionId }, 'No such session.');
    const runId = randomUUID();
    const entered = await deps.gate.enter({
      sessionId, userId: identity.userId, runId, policy: deps.busyPolicy(input.channel), interrupt: (turn) => deps.interrupt(turn, identity),
    });
    const runIdentity = {
      userId: identity.userId, role: identity.role, tokenId: identity.tokenId, sessionId, correlationId: input.correlationId,
      ...(input.traceparent === undefined ? {} : { traceparent: input.traceparent }),
    };
    const boundary: RunBoundary = { runId, identity: runIdentity, input: input.message, traceId: activeTraceId() ?? null, startedAt: now(), finishedAt: now() };
    if (entered.cancelledBy !== undefined) return { boundary, cancelledBy: entered.cancelledBy };
    try {
      const history = (await deps.sessions.history(sessionId, identity.userId)) ?? [];
      const messages: Message[] = [...history.map((t) => ({ role: t.role, content: t.content, ...(t.role === 'assistant' ? { tool_calls: [] } : {}) }) as Message), { role: 'user', content: input.message }];
      const request: RunRequest = {
        runId,
        threadId: sessionId,
        messages,
        identity: runIdentity,
        ...(input.skill ? { skill: input.skill } : {}),
        ...(input.route ? { route: input.route } : {}),
      };
      await deps.sessions.append(sessionId, identity.userId, userTurn(boundary), boundary.startedAt);
      return { boundary, request };
    } catch (err) {
      await deps.gate.release(runId, 'failed', false).catch(() => undefined);
      throw err;
    }
  }

  async function settle(
    boundary: RunBoundary,
    requester: Identity,
    outcome: RunOutcome,
    resumed = false,
  ): Promise<AgentRunOutcome> {
    const finished = { ...boundary, finishedAt: now() };
    const result = 'result' in outcome ? outcome.result : null;
    const record = toRunRecord(finished, outcome);
    try {
      await deps.audit.recordRun(record, result ? toToolCallDocs(boundary.runId, result) : []);
    } catch (err) {
      // Left holding the session, the next message would wait for a lease that no one renews.
      await deps.gate.release(boundary.runId, 'failed', false).catch(() => undefined);
      throw err;
    }
    const { sessionId } = boundary.identity;
    if (result?.status === 'interrupted' && result.pendingReviews?.length) {
      await deps.reviews.open({
        _id: `${boundary.runId}/${result.pendingReviews[0]!.toolCallId}`,
        runId: boundary.runId,
        input: boundary.input,
        runStartedAt: boundary.startedAt,
        requester: { userId: requester.userId, role: requester.role, tokenId: requester.tokenId, sessionId, correlationId: boundary.identity.correlationId },
        items: result.pendingReviews,
        createdAt: finished.finishedAt,
        expiresAt: new Date(finished.finishedAt.getTime() + deps.reviewTtlMs),
      });
    }
    if (result?.status === 'completed' && result.answer !== undefined) {
      await deps.sessions.append(sessionId, requester.userId, [{ role: 'assistant', content: result.answer, runId: boundary.runId }], finished.finishedAt);
    }
    const error = 'error' in outcome ? { code: outcome.error.code, message: outcome.error.message } : result?.error ? { code: result.error.code, message: result.error.message } : null;
    const settled: AgentRunOutcome = {
      runId: boundary.runId, sessionId, status: result?.status ?? 'failed', answer: result?.answer ?? null, result, error, notice: groundingNotice(result),
    };
    await deps.gate.release(boundary.runId, settled.status, record.cancelledBy !== undefined);
    await tell(requester.userId, resumed, settled);
    return settled;
  }

  const failure = (err: unknown) => {
    if (!isAppError(err)) throw err;
    return { error: { code: err.code, message: err.message } };
  };
  const cancelledBeforeStart = (by: string): RunOutcome => ({ error: { code: 'cancelled', message: `The run was cancelled by ${by} before it started.`, cancelledBy: by } });

  return {
    settle,
    onSettled(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async run(identity, input) {
      const prepared = await prepare(identity, input);
      const { boundary } = prepared;
      if (!('request' in prepared)) return settle(boundary, identity, cancelledBeforeStart(prepared.cancelledBy));
      const { request } = prepared;
      let outcome: RunOutcome;
      try {
        outcome = { result: await deps.harness.invoke(request) };
      } catch (err) {
        outcome = failure(err);
      }
      return settle(boundary, identity, outcome);
    },
    async *stream(identity, input) {
      const prepared = await prepare(identity, input);
      const { boundary } = prepared;
      yield { type: 'session', sessionId: boundary.identity.sessionId, runId: boundary.runId };
      if (!('request' in prepared)) {
        const settled = await settle(boundary, identity, cancelledBeforeStart(prepared.cancelledBy));
        yield { type: 'error', runId: boundary.runId, error: settled.error! };
        return;
      }
      const { request } = prepared;
      let outcome: RunOutcome | undefined;
      try {
        for await (const event of deps.harness.stream(request)) {
          if (event.type === 'run_finished') outcome = { result: event.result };
          if (event.type === 'error' && !outcome) outcome = { error: { code: event.error.code, message: event.error.message } };
          yield event;
        }
      } catch (err) {
        outcome = failure(err);
        yield { type: 'error', runId: boundary.runId, error: outcome.error };
      } finally {
        await settle(boundary, identity, outcome ?? { error: { code: 'harness_stream_ended', message: 'The harness stream ended without a result.' } });
      }
    },
  };
}
