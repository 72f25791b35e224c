// The state of one run as nodes see it and checkpoints keep it; `messages` is the source of truth for the model.
import type { Message, ToolCall, ToolMessage } from '../../shared/contracts/messages.ts';
import type { PendingReview } from '../../shared/contracts/review-decision.ts';
import type { RunIdentity, RunLimits, RunRequest } from '../../shared/contracts/run-request.ts';
import type { ModelStep, RunError, TokenUsage } from '../../shared/contracts/run-result.ts';
import type { ReviewNote, ToolCallRecord } from '../../shared/contracts/tool-call-record.ts';
import type { HiddenTool } from '../tools/tool-visibility.ts';

export type NodeName =
  | 'initialize'
  | 'model'
  | 'validate_model_output'
  | 'validate_tool_calls'
  | 'tool_policy'
  | 'execute_tools'
  | 'append_tool_messages'
  | 'finalize'
  | 'fail';

/** `interrupt` pauses the run for review; the checkpoint then points at the node that resumes it. */
export type Edge = NodeName | 'end' | 'interrupt';

export type RunPhase = 'running' | 'interrupted' | 'completed' | 'failed';

/** The record for the audit trail and the message for the model, always produced together. */
export interface ToolOutcome {
  record: ToolCallRecord;
  message: ToolMessage;
}

/** One call of the in-flight batch on its way from the model's message to its ToolMessage. */
export interface BatchEntry {
  call: ToolCall;
  /** The validated arguments it will run with (the reviewer's, after an edit). */
  arguments?: Record<string, unknown>;
  phase: 'checked' | 'allowed' | 'awaiting_review' | 'done';
  review?: ReviewNote;
  outcome?: ToolOutcome;
}

export interface RunState {
  runId: string;
  threadId: string;
  identity: RunIdentity;
  route?: string;
  skill?: string;
  limits: RunLimits;
  status: RunPhase;
  /** The node to run next; `end` once the run is over. */
  node: NodeName | 'end';
  /** Count of transitions; a checkpoint write must name the step it replaces, which makes each write happen once. */
  step: number;
  messages: Message[];
  /** What the model was offered at its last call, and why the rest was hidden. */
  visibleTools: string[];
  hiddenTools: HiddenTool[];
  /** Whether any model call of the run was offered a tool from a source (native tools do not count); absent until the first call. */
  toolsOffered?: boolean;
  batch: BatchEntry[];
  toolCalls: ToolCallRecord[];
  pendingReviews: PendingReview[];
  decidedToolCallIds: string[];
  usage: TokenUsage;
  modelCalls: number;
  /** Every model call so far, the routing call included; each is small (clipped text, no messages). */
  modelSteps: ModelStep[];
  answer?: string;
  error?: RunError;
  startedAt: number;
  updatedAt: number;
}

export type StateUpdate = Partial<Omit<RunState, 'runId' | 'threadId' | 'step' | 'node'>>;

export interface NodeResult {
  update: StateUpdate;
  next: Edge;
}

/** Where a paused run continues once every pending call has a decision. */
export const RESUME_NODE: NodeName = 'execute_tools';

export function initialRunState(request: RunRequest, now: number): RunState {
  const state: RunState = {
    runId: request.runId,
    threadId: request.threadId,
    identity: request.identity,
    limits: request.limits ?? {},
    status: 'running',
    node: 'initialize',
    step: 0,
    messages: [...request.messages],
    visibleTools: [],
    hiddenTools: [],
    batch: [],
    toolCalls: [],
    pendingReviews: [],
    decidedToolCallIds: [],
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    modelCalls: 0,
    modelSteps: [],
    startedAt: now,
    updatedAt: now,
  };
  if (request.route !== undefined) state.route = request.route;
  if (request.skill !== undefined) state.skill = request.skill;
  return state;
}

export function applyNodeResult(state: RunState, result: NodeResult, now: number): RunState {
  const paused = result.next === 'interrupt';
  return {
    ...state,
    ...result.update,
    status: paused ? 'interrupted' : (result.update.status ?? state.status),
    node: paused ? RESUME_NODE : (result.next as NodeName | 'end'),
    step: state.step + 1,
    updatedAt: now,
  };
}
