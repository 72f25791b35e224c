// Reads and appends the agent audit trail; records are immutable once written (insert only, no updates).
import { UNGROUNDED_NOTICE } from '../../shared/contracts/run-result.ts';
import { isDuplicateKeyError, type DocumentStore, type Filter } from '../../shared/store/port.ts';
import {
  REVIEW_DECISIONS_COLLECTION,
  RUNS_COLLECTION,
  TOOL_CALLS_COLLECTION,
  type AuditModelStepView,
  type AuditReviewDecisionView,
  type AuditRunQuery,
  type AuditRunView,
  type AuditToolCallView,
  type ReviewDecisionRecord,
  type RunRecord,
  type ToolCallRecordDoc,
} from './audit-schemas.ts';

export interface AuditRepository {
  /** Writes a run's current outcome (a resumed run moves on) and each tool call once, when it has finished. */
  recordRun(run: RunRecord, toolCalls: readonly ToolCallRecordDoc[]): Promise<void>;
  recordReviewDecision(decision: ReviewDecisionRecord): Promise<void>;
  listRuns(query: AuditRunQuery & { onlyUserId?: string }): Promise<{ total: number; items: AuditRunView[] }>;
  getRun(id: string): Promise<AuditRunDetail | null>;
}

export interface AuditRunDetail {
  run: AuditRunView;
  modelSteps: AuditModelStepView[];
  toolCalls: AuditToolCallView[];
  reviewDecisions: AuditReviewDecisionView[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function runView({ _id, startedAt, finishedAt, modelSteps: _steps, grounding, groundedOn, toolsOffered, ungrounded, traceId, ...rest }: RunRecord): AuditRunView {
  return {
    id: _id,
    ...rest,
    grounding: grounding ?? null,
    groundedOn: groundedOn ?? [],
    toolsOffered: toolsOffered ?? null,
    ungrounded: ungrounded === true,
    notice: ungrounded === true ? UNGROUNDED_NOTICE : null,
    // Records written before runs kept their trace id have none.
    traceId: traceId ?? null,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
  };
}

export async function createAuditRepository(store: DocumentStore): Promise<AuditRepository> {
  const runs = store.collection<RunRecord>(RUNS_COLLECTION);
  const calls = store.collection<ToolCallRecordDoc>(TOOL_CALLS_COLLECTION);
  const decisions = store.collection<ReviewDecisionRecord>(REVIEW_DECISIONS_COLLECTION);
  await runs.createIndex({ userId: 1, startedAt: -1 });
  await runs.createIndex({ sessionId: 1, startedAt: -1 });
  await runs.createIndex({ startedAt: -1 });
  await calls.createIndex({ runId: 1, toolCallId: 1 }, { unique: true });
  await decisions.createIndex({ runId: 1, toolCallId: 1 }, { unique: true });

  return {
    async recordRun({ _id, ...run }, toolCalls) {
      await runs.updateOne({ _id }, { $set: run }, { upsert: true });
      for (const call of toolCalls) {
        try {
          await calls.insertOne(call);
        } catch (err) {
          // Recorded at an earlier boundary of the same run (before a review pause); tool calls are immutable.
          if (!isDuplicateKeyError(err)) throw err;
        }
      }
    },
    async recordReviewDecision({ _id, ...decision }) {
      // A decision whose resume never reached the harness is given back and may be taken again: the last one is what ran.
      await decisions.updateOne({ _id }, { $set: decision }, { upsert: true });
    },
    async listRuns(q) {
      const filter: Filter<RunRecord> = {};
      const userId = q.onlyUserId ?? q.userId;
      if (userId) filter.userId = userId;
      if (q.sessionId) filter.sessionId = q.sessionId;
      if (q.route) filter.route = q.route;
      if (q.status) filter.status = q.status;
      if (q.grounding) filter.grounding = q.grounding;
      // Runs recorded before the flag existed have no field, and count as not flagged.
      if (q.ungrounded !== undefined) filter.ungrounded = q.ungrounded ? true : { $ne: true };
      if (q.from || q.to) {
        filter.startedAt = {
          ...(q.from ? { $gte: new Date(q.from) } : {}),
          ...(q.to ? { $lt: new Date(q.to) } : {}),
        };
      }
      const [total, docs] = await Promise.all([
        runs.countDocuments(filter),
        // The list shows runs, not their timelines: the steps stay behind until one run is asked for.
        runs.find(filter, { sort: { startedAt: -1, _id: 1 }, skip: q.offset ?? 0, limit: q.limit ?? 50, projection: { modelSteps: 0 } }).toArray(),
      ]);
      return { total, items: docs.map(runView) };
    },
    async getRun(id) {
      const run = await runs.findOne({ _id: id });
      if (!run) return null;
      const [callDocs, decisionDocs] = await Promise.all([
        calls.find({ runId: id }, { sort: { startedAt: 1, _id: 1 } }).toArray(),
        decisions.find({ runId: id }, { sort: { decidedAt: 1 } }).toArray(),
      ]);
      return {
        run: runView(run),
        modelSteps: (run.modelSteps ?? []).map(({ startedAt, ...rest }) => ({ ...rest, startedAt: startedAt.toISOString() })),
        toolCalls: callDocs.map(({ _id, startedAt, ...rest }) => ({ id: _id, ...rest, startedAt: iso(startedAt) })),
        reviewDecisions: decisionDocs.map(({ _id, decidedAt, ...rest }) => ({ id: _id, ...rest, decidedAt: decidedAt.toISOString() })),
      };
    },
  };
}
