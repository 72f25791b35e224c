// The REST views of the platform plugins (scheduler, dige, rag, chipchat) the console reads; only the fields it uses are listed.
import type { RunError } from './types.ts';

export type Schedule = { type: 'cron'; expression: string; timeZone?: string } | { type: 'once'; at: string };

export interface SchedulerTask {
  id: string;
  kind: string;
  title: string;
  payload: unknown;
  schedule: Schedule;
  status: 'active' | 'paused' | 'cancelled' | 'completed';
  nextRunAt: string | null;
  ownerId: string;
  createdVia: string;
  createdAt: string;
  runCount: number;
  failedRunCount: number;
  lastRunAt: string | null;
  lastOutcome: string | null;
}

export interface TaskRun {
  id: string;
  taskId: string;
  scheduledFor: string;
  state: string;
  occurrences: number;
  attempt: number;
  maxAttempts: number;
  startedAt: string;
  finishedAt: string | null;
  result: { summary: string; data?: Record<string, unknown> } | null;
  error: RunError | null;
}

export interface CronPreview {
  expression: string;
  timeZone: string;
  fireTimes: string[];
}

export interface Room {
  id: string;
  name: string;
  buildingId: string;
  floor: number | null;
}

export interface Device {
  id: string;
  roomId: string;
  name: string;
  kind: string;
  capabilities: string[];
  online: boolean;
  state: Record<string, unknown>;
  stateUpdatedAt: string | null;
  observedAt: string;
}

export interface AcceptedCommand {
  command: string;
  description: string;
  value: { type: string; min?: number; max?: number; step?: number; unit?: string; values?: string[] };
}

export interface DeviceDetail extends Device {
  accepts: AcceptedCommand[];
}

export interface ControlResult {
  operationId: string;
  deviceId: string;
  command: { command: string; value?: number | string };
  outcome: string;
  expectedState: Record<string, unknown> | null;
  observedState: Record<string, unknown> | null;
  observedAt: string | null;
  requestedAt: string;
  completedAt: string;
}

export interface DeviceObservation {
  id: string;
  deviceId: string;
  online: boolean;
  state: Record<string, unknown>;
  observedAt: string;
  source: string;
  operationId: string | null;
}

export interface KnowledgeBase {
  id: string;
  name: string;
  description: string;
  visibility: 'shared' | 'private';
  owner_id: string;
  is_default: boolean;
  document_count: number;
  embedder: string;
  reindex_required: boolean;
}

export interface RagDocument {
  doc_id: string;
  knowledge_base_id: string;
  title: string;
  filename: string;
  kind: string;
  media_type: string;
  bytes: number;
  tags: string[];
  status: 'queued' | 'processing' | 'ready' | 'failed';
  reingesting: boolean;
  chunk_count: number;
  embedder: { id: string; dimensions: number } | null;
  error: { code: string; message: string; at: string } | null;
  owner_id: string;
  created_at: string;
  ingested_at: string | null;
}

export interface SearchHit {
  chunk_id: string;
  doc_id: string;
  title: string;
  heading_path: string[];
  start: number;
  end: number;
  text: string;
  score: number;
  lexical_score: number | null;
  vector_score: number | null;
}

export interface Conversation {
  id: string;
  title: string;
  archived: boolean;
  isDefault: boolean;
  sessionId: string;
  createdAt: string;
  updatedAt: string;
  lastMessageAt: string | null;
}

export interface ChatMessage {
  id: string;
  conversationId: string;
  seq: number;
  role: 'user' | 'assistant' | 'notice';
  origin: string;
  text: string;
  runId: string | null;
  runStatus: 'completed' | 'interrupted' | 'failed' | null;
  toolCalls: { name: string; status: string }[];
  pendingReviews: { toolCallId: string; tool: string; kind: string; arguments: string; question: string | null; reviewerRoles: string[] }[];
  error: RunError | null;
  /** The answer rests on no tool result of its run although tools were offered; `notice` says so in words. */
  ungrounded: boolean;
  notice: string | null;
  scheduledFor: string | null;
  createdAt: string;
}

/** The parts of rag_query / rag_search results that name where an answer came from. */
export interface RagSource {
  title: string;
  heading_path: string[];
  text: string;
  quote?: string;
}
