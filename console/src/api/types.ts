// The REST views of the kernel (caller, agent runs, reviews, audit, system) the console reads, as /docs/json documents them; platform views are in platform-types.ts.

export type JsonSchema = {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

export interface Caller {
  userId: string;
  role: string;
  via: 'user' | 'service';
  description: string | null;
  permissions: string[];
  tools: string[];
  reviews: string[];
  reviewRequired: string[];
}

export interface Page<T> {
  total: number;
  items: T[];
}

export interface RunError {
  code: string;
  message: string;
}

export interface PendingReview {
  toolCallId: string;
  name: string;
  arguments: unknown;
  kind: 'approval' | 'human_input';
  question?: string;
}

export interface ToolCallRecord {
  toolCallId: string;
  name: string;
  arguments: unknown;
  status: string;
  result?: { content?: { type: string; text?: string }[]; structuredContent?: unknown; isError?: boolean };
  refusal?: RunError;
  review?: { decision: string; reviewerId: string };
}

export interface RunResult {
  runId: string;
  threadId: string;
  status: 'completed' | 'interrupted' | 'failed';
  route?: string;
  skill?: string;
  answer?: string;
  toolCalls: ToolCallRecord[];
  pendingReviews?: PendingReview[];
  error?: RunError;
  /** `tools`: the answer rests on these succeeded calls of the run; `none`: on no tool result. */
  grounding: 'tools' | 'none';
  groundedOn: { toolCallId: string; name: string }[];
  toolsOffered: boolean;
}

export interface AgentRunOutcome {
  runId: string;
  sessionId: string;
  status: 'completed' | 'interrupted' | 'failed';
  answer: string | null;
  result: RunResult | null;
  error: RunError | null;
  /** Shown beside an answer no tool result backs, where tools were offered. */
  notice: string | null;
}

export type RunStreamEvent =
  | { type: 'run_started'; runId: string; threadId: string; resumed: boolean }
  | { type: 'text_delta'; runId: string; delta: string }
  | { type: 'tool_call'; runId: string; toolCall: { id: string; name: string; arguments: unknown } }
  | { type: 'tool_result'; runId: string; record: ToolCallRecord }
  | { type: 'interrupt'; runId: string; pendingReviews: PendingReview[] }
  | { type: 'run_finished'; runId: string; result: RunResult }
  | { type: 'error'; runId: string; error: RunError };

export interface ReviewItem {
  toolCallId: string;
  name: string;
  description: string | null;
  kind: 'approval' | 'human_input';
  question?: string;
  arguments: unknown;
  argumentsHash: string;
}

export interface Review {
  id: string;
  runId: string;
  input: string;
  status: string;
  requester: { userId: string; role: string; sessionId: string };
  items: ReviewItem[];
  createdAt: string;
  expiresAt: string;
  decidedBy: string | null;
}

export type Decision =
  | { toolCallId: string; argumentsHash: string; type: 'approve' }
  | { toolCallId: string; argumentsHash: string; type: 'edit'; arguments: Record<string, unknown> }
  | { toolCallId: string; argumentsHash: string; type: 'reject'; reason: string }
  | { toolCallId: string; argumentsHash: string; type: 'respond'; message: string };

export interface ToolInfo {
  name: string;
  plugin: string;
  title: string | null;
  description: string;
  inputSchema: JsonSchema;
  annotations: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
}

export interface TaskKind {
  kind: string;
  description: string;
  payloadSchema: JsonSchema;
}

export interface AuditRun {
  id: string;
  userId: string;
  role: string;
  sessionId: string;
  correlationId: string;
  /** OpenTelemetry trace id of the request that wrote the record; null when tracing was off. */
  traceId: string | null;
  route: string | null;
  skill: string | null;
  input: string;
  status: 'completed' | 'interrupted' | 'failed';
  answer: string | null;
  error: RunError | null;
  usage: { inputTokens: number; outputTokens: number };
  /** null when the harness gave no result. */
  grounding: 'tools' | 'none' | null;
  groundedOn: { toolCallId: string; tool: string }[];
  toolsOffered: boolean | null;
  /** A completed answer no tool result backs, where tools were offered; `notice` says so in words. */
  ungrounded: boolean;
  notice: string | null;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
}

export interface AuditToolCall {
  id: string;
  runId: string;
  toolCallId: string;
  tool: string;
  server: string | null;
  arguments: unknown;
  result: unknown;
  isError: boolean;
  refusal: string | null;
  reviewedBy: string | null;
  startedAt: string | null;
  durationMs: number | null;
}

/** One model call; `routing` is the intent router's call. The harness clips `text` to 2,000 characters. */
export interface AuditModelStep {
  index: number;
  kind: 'routing' | 'agent';
  startedAt: string;
  durationMs: number;
  usage: { inputTokens: number; outputTokens: number };
  text: string;
  textTruncated: boolean;
  toolCalls: { toolCallId: string; tool: string }[];
  /** `required` when the call asked the provider for a tool call (a tool-first skill's first call). */
  toolChoice?: 'required';
  stopReason?: string;
}

export interface AuditReviewDecision {
  id: string;
  runId: string;
  toolCallId: string;
  decision: 'approve' | 'edit' | 'reject' | 'respond';
  reviewerId: string;
  reviewerRole: string;
  detail: unknown;
  decidedAt: string;
}

export interface AuditRunDetail {
  run: AuditRun;
  modelSteps: AuditModelStep[];
  toolCalls: AuditToolCall[];
  reviewDecisions: AuditReviewDecision[];
}

export interface PluginStatus {
  name: string;
  version: string | null;
  description: string | null;
  state: 'loaded' | 'failed';
  error: string | null;
  changedAt: string;
  tools: string[];
  executors: string[];
  skill: string | null;
}

export interface ProfileStatus {
  path: string;
  version: string | number;
  loadedAt: string;
  lastError: { message: string; at: string } | null;
}

export interface HarnessStatus {
  profile: { version: string | number; generation: number; loadedAt: string };
  model: { configured: boolean; provider?: string; model?: string; message?: string };
  routes: { name: string; description: string }[];
  skills: { name: string; description: string; path: string; category?: string }[];
  lastReload: { at: string; generation: number; changed: boolean; problems: unknown[] } | null;
  mcp: { name: string; target?: string; clients?: number; tools: { name: string; domain?: string; permission?: string; review?: boolean }[] }[];
}

export * from './platform-types.ts';
