// FIXTURE: the blob codec of format 1 checkpoints, kept verbatim so the format-1 writer beside it writes exactly what deployed code wrote.
import { createHash } from 'node:crypto';
import type { Message, ToolMessage } from '../../../../shared/contracts/messages.ts';
import type { ToolCallRecord } from '../../../../shared/contracts/tool-call-record.ts';
import type { BatchEntry, RunState } from '../../../../harness/graph/run-state.ts';

interface BlobRef {
  blobRef: string;
}

interface Blob {
  id: string;
  data: string;
}

function isBlobRef(value: unknown): value is BlobRef {
  return typeof value === 'object' && value !== null && typeof (value as BlobRef).blobRef === 'string';
}

export interface BlobCodec {
  serialize(state: RunState): { json: string; blobs: Map<string, string> };
  deserialize(json: string, blobs: ReadonlyMap<string, string>): RunState;
}

/**
 * Only tool outputs move out (a ToolMessage's `content`, a record's `result`): they are what grows without bound,
 * and since blobs are addressed by content an output is stored once however many steps reference it.
 */
export function createBlobCodec(thresholdChars: number): BlobCodec {
  // Messages and records are immutable once made and shared by every later state of the run, so what was decided
  // (and hashed) for one of them at one step holds for all later steps.
  const decided = new WeakMap<object, Blob | null>();

  function serialize(state: RunState): { json: string; blobs: Map<string, string> } {
    const blobs = new Map<string, string>();
    const blobFor = (owner: object, payload: () => string): Blob | null => {
      let blob = decided.get(owner);
      if (blob === undefined) {
        const data = payload();
        blob = data.length > thresholdChars ? { id: `${state.runId}:${createHash('sha256').update(data).digest('hex')}`, data } : null;
        decided.set(owner, blob);
      }
      if (blob) blobs.set(blob.id, blob.data);
      return blob;
    };
    const message = (m: Message): Message => {
      if (m.role !== 'tool') return m;
      const blob = blobFor(m, () => m.content);
      return blob ? ({ ...m, content: { blobRef: blob.id } } as unknown as Message) : m;
    };
    const record = (r: ToolCallRecord): ToolCallRecord => {
      const blob = r.result ? blobFor(r, () => JSON.stringify(r.result)) : null;
      return blob ? ({ ...r, result: { blobRef: blob.id } } as unknown as ToolCallRecord) : r;
    };
    const entry = (e: BatchEntry): BatchEntry =>
      e.outcome ? { ...e, outcome: { message: message(e.outcome.message) as ToolMessage, record: record(e.outcome.record) } } : e;
    const encoded: RunState = {
      ...state,
      messages: state.messages.map(message),
      toolCalls: state.toolCalls.map(record),
      batch: state.batch.map(entry),
    };
    return { json: JSON.stringify(encoded), blobs };
  }

  return { serialize, deserialize: deserializeWithBlobs };
}

function deserializeWithBlobs(json: string, blobs: ReadonlyMap<string, string>): RunState {
  const state = JSON.parse(json) as RunState;
  // A run paused for review before model steps were recorded resumes with an empty step list rather than breaking.
  state.modelSteps ??= [];
  const data = (ref: BlobRef): string => {
    const found = blobs.get(ref.blobRef);
    if (found === undefined) throw new Error(`checkpoint blob ${ref.blobRef} is missing`);
    return found;
  };
  const message = (m: Message) => {
    if (m.role === 'tool' && isBlobRef(m.content)) m.content = data(m.content);
  };
  const record = (r: ToolCallRecord) => {
    if (isBlobRef(r.result)) r.result = JSON.parse(data(r.result)) as ToolCallRecord['result'];
  };
  state.messages.forEach(message);
  state.toolCalls.forEach(record);
  for (const entry of state.batch) {
    if (!entry.outcome) continue;
    message(entry.outcome.message);
    record(entry.outcome.record);
  }
  return state;
}
