// Moves large tool outputs out of checkpoint documents into content-addressed blobs, and puts them back on load.
import { createHash } from 'node:crypto';
import type { Message, ToolMessage } from '../../shared/contracts/messages.ts';
import type { ToolCallRecord } from '../../shared/contracts/tool-call-record.ts';
import type { HistoryChange, RunHead } from './checkpoint-history.ts';
import type { BatchEntry, RunState } from './run-state.ts';

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

export interface EncodedStep {
  head: RunHead;
  change: HistoryChange;
  /** Blob id -> data, for every output this step's documents reference. */
  blobs: Map<string, string>;
}

export interface BlobCodec {
  encode(runId: string, head: RunHead, change: HistoryChange): EncodedStep;
}

/**
 * Only tool outputs move out (a ToolMessage's `content`, a record's `result`): they are what grows without bound,
 * and since blobs are addressed by content an output is stored once however many documents reference it.
 */
export function createBlobCodec(thresholdChars: number): BlobCodec {
  // Messages and records are immutable once made, so what was decided (and hashed) for one of them holds for every
  // document that carries it (the batch in the head first, the history part later).
  const decided = new WeakMap<object, Blob | null>();

  function encode(runId: string, head: RunHead, change: HistoryChange): EncodedStep {
    const blobs = new Map<string, string>();
    const blobFor = (owner: object, payload: () => string): Blob | null => {
      let blob = decided.get(owner);
      if (blob === undefined) {
        const data = payload();
        blob = data.length > thresholdChars ? { id: `${runId}:${createHash('sha256').update(data).digest('hex')}`, data } : null;
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
    return {
      head: { ...head, batch: head.batch.map(entry) },
      change: {
        messages: { from: change.messages.from, items: change.messages.items.map(message) },
        toolCalls: { from: change.toolCalls.from, items: change.toolCalls.items.map(record) },
        modelSteps: change.modelSteps,
      },
      blobs,
    };
  }

  return { encode };
}

/** Puts blob contents back in place, in decoded documents that the caller owns. */
export function blobDecoder(blobs: ReadonlyMap<string, string>) {
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
  const batch = (entries: BatchEntry[]) => {
    for (const entry of entries) {
      if (!entry.outcome) continue;
      message(entry.outcome.message);
      record(entry.outcome.record);
    }
  };
  return { message, record, batch };
}

/** Reads a checkpoint in the first format (the whole run state as one JSON text), which runs paused before an upgrade still have. */
export function deserializeWholeState(json: string, blobs: ReadonlyMap<string, string>): RunState {
  const state = JSON.parse(json) as RunState;
  // A run paused for review before model steps were recorded resumes with an empty step list rather than breaking.
  state.modelSteps ??= [];
  const decode = blobDecoder(blobs);
  state.messages.forEach(decode.message);
  state.toolCalls.forEach(decode.record);
  decode.batch(state.batch);
  return state;
}
