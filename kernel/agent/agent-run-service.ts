// Runs the agent for a user: calls the harness with the caller's identity and session, then writes the audit after the boundary.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Message } from '../../shared/contracts/messages.ts';
import type { RunRequest } from '../../shared/contracts/run-request.ts';
import type { RunResult } from '../../shared/contracts/run-result.ts';
import { isAppError } from '../errors/app-error.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import type { Identity } from '../identity/identity.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { AgentRunInput, AgentRunListener, AgentRunOutcome, AgentRunService } from '../contracts/agent-run-service.ts';
import type { HarnessClient } from './harness-client.ts';
import type { ReviewRepository } from './review-repository.ts';
import type { SessionRepository, Turn } from './session-repository.ts';
import { toRunRecord, toToolCallDocs, type RunBoundary } from './run-audit.ts';

export interface AgentRunDeps {
  readonly harness: HarnessClient;
  readonly audit: AuditRepository;
  readonly sessions: SessionRepository;
  readonly reviews: ReviewRepository;
  readonly reviewTtlMs: number;
  /** Where a failing outcome listener is reported. */
  readonly logger: Logger;
  readonly now?: () => Date;
}

export interface AgentRunner extends AgentRunService {
  /** Records what a run came back with and tells the listeners; the review service calls it with `resumed` for resumed runs. */
  settle(
    boundary: RunBoundary,
    requester: Identity,
    outcome: { result: RunResult } | { error: { code: string; message: string } },
    resumed?: boolean,
  ): Promise<AgentRunOutcome>;
}

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

  async function prepare(identity: Identity, input: AgentRunInput) {
    const sessionId = input.sessionId ?? randomUUID();
    const history = await deps.sessions.history(sessionId, identity.userId);
    if (history === null) throw kernelErrors.not_found({ sessionId }, 'No such session.');
    const runId = randomUUID();
    const messages: Message[] = [...history.map((t) => ({ role: t.role, content: t.content, ...(t.role === 'assistant' ? { tool_calls: [] } : {}) }) as Message), { role: 'user', content: input.message }];
    const request: RunRequest = {
      runId,
      threadId: sessionId,
      messages,
      identity: {
        userId: identity.userId,
        role: identity.role,
        tokenId: identity.tokenId,
        sessionId,
        correlationId: input.correlationId,
        ...(input.traceparent === undefined ? {} : { traceparent: input.traceparent }),
      },
      ...(input.skill ? { skill: input.skill } : {}),
      ...(input.route ? { route: input.route } : {}),
    };
    const boundary: RunBoundary = { runId, identity: request.identity, input: input.message, startedAt: now(), finishedAt: now() };
    return { request, boundary };
  }

  async function settle(
    boundary: RunBoundary,
    requester: Identity,
    outcome: { result: RunResult } | { error: { code: string; message: string } },
    resumed = false,
  ): Promise<AgentRunOutcome> {
    const finished = { ...boundary, finishedAt: now() };
    const result = 'result' in outcome ? outcome.result : null;
    await deps.audit.recordRun(toRunRecord(finished, outcome), result ? toToolCallDocs(boundary.runId, result) : []);
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
    const error = 'error' in outcome ? outcome.error : result?.error ? { code: result.error.code, message: result.error.message } : null;
    const settled: AgentRunOutcome = { runId: boundary.runId, sessionId, status: result?.status ?? 'failed', answer: result?.answer ?? null, result, error };
    await tell(requester.userId, resumed, settled);
    return settled;
  }

  const userTurn = (boundary: RunBoundary): Turn[] => [{ role: 'user', content: boundary.input, runId: boundary.runId }];
  const failure = (err: unknown) => {
    if (!isAppError(err)) throw err;
    return { error: { code: err.code, message: err.message } };
  };

  return {
    settle,
    onSettled(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async run(identity, input) {
      const { request, boundary } = await prepare(identity, input);
      await deps.sessions.append(boundary.identity.sessionId, identity.userId, userTurn(boundary), boundary.startedAt);
      let outcome: { result: RunResult } | { error: { code: string; message: string } };
      try {
        outcome = { result: await deps.harness.invoke(request) };
      } catch (err) {
        outcome = failure(err);
      }
      return settle(boundary, identity, outcome);
    },
    async *stream(identity, input) {
      const { request, boundary } = await prepare(identity, input);
      await deps.sessions.append(boundary.identity.sessionId, identity.userId, userTurn(boundary), boundary.startedAt);
      yield { type: 'session', sessionId: boundary.identity.sessionId, runId: boundary.runId };
      let outcome: { result: RunResult } | { error: { code: string; message: string } } | undefined;
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
