// The REST views of the kernel (caller, agent runs, reviews, audit, system) the console reads, named from the types generated from /docs/json; platform views are in platform-types.ts.
import type { paths } from './api-types.ts';

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

/** The JSON a route answers with (status 200 unless told), as the API's OpenAPI document declares it. */
export type ResponseOf<P extends keyof paths, M extends Method, S extends number = 200> =
  NonNullable<paths[P][M]> extends { responses: { [K in S]: { content: { 'application/json': infer T } } } } ? T : never;
/** The JSON body a route accepts. */
export type BodyOf<P extends keyof paths, M extends Method> =
  NonNullable<paths[P][M]> extends { requestBody?: { content: { 'application/json': infer T } } } ? T : never;
type Method = 'get' | 'post' | 'patch' | 'delete';
type Item<T> = T extends readonly (infer I)[] ? I : never;

export type Caller = ResponseOf<'/api/system/me', 'get'>;

export interface Page<T> {
  total: number;
  items: T[];
}

export type AgentRunOutcome = ResponseOf<'/api/agent/runs', 'post'>;
export type RunResult = NonNullable<AgentRunOutcome['result']>;
export type RunError = NonNullable<AgentRunOutcome['error']>;
export type ToolCallRecord = Item<RunResult['toolCalls']>;
export type PendingReview = Item<RunResult['pendingReviews']>;

/** The events of POST /api/agent/runs/stream (SSE, so not in the OpenAPI document), built of the documented views. */
export type RunStreamEvent =
  | { type: 'run_started'; runId: string; threadId: string; resumed: boolean }
  | { type: 'text_delta'; runId: string; delta: string }
  | { type: 'tool_call'; runId: string; toolCall: { id: string; name: string; arguments: unknown } }
  | { type: 'tool_result'; runId: string; record: ToolCallRecord }
  | { type: 'interrupt'; runId: string; pendingReviews: PendingReview[] }
  | { type: 'run_finished'; runId: string; result: RunResult }
  | { type: 'error'; runId: string; error: RunError };

export type Review = Item<ResponseOf<'/api/agent/reviews', 'get'>['items']>;
export type ReviewItem = Item<Review['items']>;
export type Decision = Item<BodyOf<'/api/agent/reviews/{runId}/decisions', 'post'>['decisions']>;

/** The API declares schemas and annotations as open objects; the console reads them as JSON Schema and MCP annotations. */
export type ToolInfo = Omit<Item<ResponseOf<'/api/system/tools', 'get'>['items']>, 'inputSchema' | 'annotations'> & {
  inputSchema: JsonSchema;
  annotations: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
};
export type TaskKind = Omit<Item<ResponseOf<'/api/system/task-kinds', 'get'>['items']>, 'payloadSchema'> & { payloadSchema: JsonSchema };

export type AuditRunDetail = ResponseOf<'/api/audit/runs/{id}', 'get'>;
export type AuditRun = AuditRunDetail['run'];
export type AuditToolCall = Item<AuditRunDetail['toolCalls']>;
/** One model call; `routing` is the intent router's call. The harness clips `text` to 2,000 characters. */
export type AuditModelStep = Item<AuditRunDetail['modelSteps']>;
export type AuditReviewDecision = Item<AuditRunDetail['reviewDecisions']>;

export type PluginStatus = Item<ResponseOf<'/api/system/plugins', 'get'>['plugins']>;
export type ProfileStatus = ResponseOf<'/api/system/profile', 'get'>;

/** The harness's own status, which the API passes through undeclared. */
export interface HarnessStatus {
  profile: { version: string | number; generation: number; loadedAt: string };
  model: { configured: boolean; provider?: string; model?: string; message?: string };
  routes: { name: string; description: string }[];
  skills: { name: string; description: string; path: string; category?: string }[];
  lastReload: { at: string; generation: number; changed: boolean; problems: unknown[] } | null;
  mcp: { name: string; target?: string; clients?: number; tools: { name: string; domain?: string; permission?: string; review?: boolean }[] }[];
}

export * from './platform-types.ts';
