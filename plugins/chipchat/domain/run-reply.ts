// What a settled agent run leaves in its conversation: the answer, a notice of what waits for whom, or why it failed.
import type { PendingReview } from '../../../shared/contracts/review-decision.ts';
import type { ToolCallRecord } from '../../../shared/contracts/tool-call-record.ts';
import type { MessageRecord, PendingSummary } from './message.ts';

/** The parts of an agent-run outcome a reply needs. */
export interface RunFacts {
  /** Null when no run started (the agent could not be reached before it had an id). */
  readonly runId: string | null;
  readonly status: 'completed' | 'interrupted' | 'failed';
  readonly answer: string | null;
  readonly result: { readonly toolCalls: readonly ToolCallRecord[]; readonly pendingReviews?: readonly PendingReview[] } | null;
  readonly error: { readonly code: string; readonly message: string } | null;
  /** Set by the app for an answer that rests on no tool result although tools were offered. */
  readonly notice: string | null;
}

export type Reply = Pick<MessageRecord, '_id' | 'role' | 'text' | 'runId' | 'runStatus' | 'toolCalls' | 'pendingReviews' | 'error' | 'ungrounded' | 'notice'>;

const VALUE_CHARS = 60;
const ARGUMENTS_CHARS = 240;

/** A profile name pattern: the exact name, `*`, or a prefix ending in `*` (as the role matrix reads them). */
const covers = (pattern: string, name: string) => pattern === '*' || pattern === name || (pattern.endsWith('*') && name.startsWith(pattern.slice(0, -1)));

/** Roles whose `reviews` patterns cover the tool, from the profile's role matrix; sorted for a stable text. */
export function reviewerRoles(roles: Readonly<Record<string, { readonly reviews?: readonly string[] }>>, tool: string): string[] {
  return Object.entries(roles).filter(([, spec]) => (spec.reviews ?? []).some((p) => covers(p, tool))).map(([name]) => name).sort();
}

const clip = (text: string, max: number) => ([...text].length <= max ? text : `${[...text].slice(0, max - 1).join('')}…`);

/** `key: value, ...` with each value as JSON and clipped, so a notice shows what waits without pasting a payload. */
export function summarizeArguments(args: unknown): string {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return clip(JSON.stringify(args) ?? '', ARGUMENTS_CHARS);
  const parts = Object.entries(args as Record<string, unknown>).map(([key, value]) => `${key}: ${clip(JSON.stringify(value) ?? 'undefined', VALUE_CHARS)}`);
  return clip(parts.join(', '), ARGUMENTS_CHARS);
}

const answerId = (run: RunFacts, freshId: string) => (run.runId === null ? freshId : `run:${run.runId}:answer`);

const list = (names: readonly string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`);

function waitingLine(p: PendingSummary): string {
  const who =
    p.reviewerRoles.length === 0
      ? 'No role may decide it, so it waits until the review expires and is then rejected.'
      : `Someone with the role ${list(p.reviewerRoles)} decides; the answer will appear here.`;
  if (p.kind === 'human_input') return `The assistant asks: "${p.question ?? p.arguments}". ${who.replace('decides', 'answers')}`;
  return `Waiting for approval: ${p.tool}(${p.arguments}). ${who}`;
}

/**
 * The message id is derived from the run (and the paused call), so recording the same outcome twice, from the
 * request that ran it and from a listener, stores one message; `freshId` names the reply of a run that never started.
 */
export function replyFor(run: RunFacts, reviewersOf: (tool: string) => string[], freshId = ''): Reply {
  const toolCalls = (run.result?.toolCalls ?? []).map((c) => ({ name: c.name, status: c.status }));
  const base = { runId: run.runId, runStatus: run.status, toolCalls, pendingReviews: [] as PendingSummary[], error: null, ungrounded: false, notice: null };
  const pending = run.result?.pendingReviews ?? [];
  if (run.status === 'interrupted' && pending.length > 0) {
    const pendingReviews = pending.map((p): PendingSummary => ({
      toolCallId: p.toolCallId, tool: p.name, kind: p.kind, arguments: summarizeArguments(p.arguments), question: p.question ?? null, reviewerRoles: reviewersOf(p.name),
    }));
    return { ...base, _id: `run:${run.runId}:review:${pending[0]!.toolCallId}`, role: 'notice', text: pendingReviews.map(waitingLine).join('\n'), pendingReviews };
  }
  if (run.status === 'completed') {
    const text = run.answer?.trim() ? run.answer : '(The assistant gave no answer.)';
    return { ...base, _id: answerId(run, freshId), role: 'assistant', text, ungrounded: run.notice !== null, notice: run.notice };
  }
  const error = run.error ?? { code: 'run_failed', message: 'The run ended without an answer.' };
  return { ...base, _id: answerId(run, freshId), runStatus: 'failed', role: 'notice', text: `The assistant could not answer (${error.code}): ${error.message}`, error: { code: error.code, message: error.message } };
}
