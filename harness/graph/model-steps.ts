// Turns one model call into the run's step record, small enough to checkpoint at every transition.
import { MODEL_STEP_TEXT_LIMIT, type ModelStep } from '../../shared/contracts/run-result.ts';
import type { ModelCallRequest, ModelCallResponse } from '../models/model-adapter.ts';

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

/** `toolChoice` is kept only when a call of any tool was required, so the trail shows a provider that ignored it. */
export function modelStepOf(
  kind: ModelStep['kind'],
  response: ModelCallResponse,
  startedAt: number,
  finishedAt: number,
  toolChoice?: ModelCallRequest['toolChoice'],
): ModelStepDraft {
  const step: ModelStepDraft = {
    kind,
    startedAt,
    finishedAt,
    durationMs: Math.max(0, finishedAt - startedAt),
    usage: response.usage,
    ...clip(response.message.content),
    toolCalls: response.message.tool_calls.map((call) => ({ id: call.id, name: call.name })),
  };
  if (toolChoice === 'required') step.toolChoice = 'required';
  if (response.stopReason !== undefined) step.stopReason = response.stopReason;
  return step;
}

export function appendModelStep(steps: readonly ModelStep[], draft: ModelStepDraft): ModelStep[] {
  return [...steps, { index: steps.length, ...draft }];
}
