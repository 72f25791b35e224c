// Turns one model call into the run's step record, small enough to checkpoint at every transition.
import { MODEL_STEP_TEXT_LIMIT, type ModelStep } from '../../shared/contracts/run-result.ts';
import type { ModelCallResponse } from '../models/model-adapter.ts';

/** A step before it takes its place in the run; the index is its position there. */
export type ModelStepDraft = Omit<ModelStep, 'index'>;

function clip(text: string): { text: string; textTruncated?: true } {
  if (text.length <= MODEL_STEP_TEXT_LIMIT) return { text };
  let end = MODEL_STEP_TEXT_LIMIT;
  // Never cut a surrogate pair in half.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), textTruncated: true };
}

export function modelStepOf(kind: ModelStep['kind'], response: ModelCallResponse, startedAt: number, finishedAt: number): ModelStepDraft {
  return {
    kind,
    startedAt,
    finishedAt,
    durationMs: Math.max(0, finishedAt - startedAt),
    usage: response.usage,
    ...clip(response.message.content),
    toolCalls: response.message.tool_calls.map((call) => ({ id: call.id, name: call.name })),
  };
}

export function appendModelStep(steps: readonly ModelStep[], draft: ModelStepDraft): ModelStep[] {
  return [...steps, { index: steps.length, ...draft }];
}
