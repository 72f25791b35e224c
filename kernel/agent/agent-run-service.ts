// Runs the agent for a user: waits for the session's turn, calls the harness with the caller's identity, then has the recorder settle the run.
import { randomUUID } from 'node:crypto';
import type { Message } from '../../shared/contracts/messages.ts';
import type { RunRequest } from '../../shared/contracts/run-request.ts';
import { activeTraceId } from '../../shared/telemetry/spans.ts';
import { isAppError, type AppError } from '../../shared/errors/app-error.ts';
import { kernelErrors } from '../errors/kernel-errors.ts';
import type { Identity } from '../identity/identity.ts';
import type { Clock } from '../kit/clock.ts';
import type { AgentRunInput, AgentRunService } from '../contracts/agent-run-service.ts';
import type { HarnessClient } from './harness-client.ts';
import type { SessionRepository, Turn } from './session-repository.ts';
import type { SessionGate } from './session-gate.ts';
import type { TurnDoc } from './session-turns.ts';
import type { BusyPolicy } from '../../shared/contracts/profile-sections.ts';
import type { RunBoundary } from './run-audit.ts';
import type { RunRecorder } from './run-recorder.ts';

export interface AgentRunDeps {
  readonly harness: HarnessClient;
  readonly sessions: SessionRepository;
  readonly gate: SessionGate;
  readonly recorder: RunRecorder;
  /** The profile's busy-session policy for a channel (undefined: the bare API). */
  readonly busyPolicy: (channel: string | undefined) => BusyPolicy;
  /** Stops a busy run for a message sent under the interrupt policy (started runs are cancelled through the harness). */
  readonly interrupt: (turn: TurnDoc, by: Identity) => Promise<void>;
  readonly clock: Clock;
}

const userTurn = (boundary: RunBoundary): Turn[] => [{ role: 'user', content: boundary.input, runId: boundary.runId }];

/** An expected failure stands in for the run's result; anything else is a bug and propagates. */
function failure(err: unknown): AppError {
  if (!isAppError(err)) throw err;
  return err;
}

const cancelledBeforeStart = (by: string) => kernelErrors.cancelled({ cancelledBy: { userId: by } }, `The run was cancelled by ${by} before it started.`);

export function createAgentRunService(deps: AgentRunDeps): AgentRunService {
  const { recorder } = deps;

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
    const boundary: RunBoundary = { runId, identity: runIdentity, input: input.message, traceId: activeTraceId() ?? null, startedAt: deps.clock.now() };
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

  return {
    onSettled: (listener) => recorder.onSettled(listener),
    async run(identity, input) {
      const prepared = await prepare(identity, input);
      const { boundary } = prepared;
      if (!('request' in prepared)) return recorder.settle(boundary, identity, cancelledBeforeStart(prepared.cancelledBy));
      let ended;
      try {
        ended = await deps.harness.invoke(prepared.request);
      } catch (err) {
        ended = failure(err);
      }
      return recorder.settle(boundary, identity, ended);
    },
    async *stream(identity, input) {
      const prepared = await prepare(identity, input);
      const { boundary } = prepared;
      yield { type: 'session', sessionId: boundary.identity.sessionId, runId: boundary.runId };
      if (!('request' in prepared)) {
        const settled = await recorder.settle(boundary, identity, cancelledBeforeStart(prepared.cancelledBy));
        yield { type: 'error', runId: boundary.runId, error: settled.error! };
        return;
      }
      const run = deps.harness.stream(prepared.request);
      try {
        yield* run.events;
      } finally {
        await recorder.settle(boundary, identity, run.ending());
      }
    },
  };
}
