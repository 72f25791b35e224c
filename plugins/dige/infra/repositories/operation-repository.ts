// dige_device_operations: one immutable record per control attempt, written once when the attempt ends.
import { pagedFind, type DocumentStore, type Page, type PageRequest } from 'nexus/kernel';
import type { DeviceState } from '../../domain/device.ts';
import type { ControlChannel, OperationOutcome, ProviderOperationStatus } from '../../domain/operation.ts';

export const OPERATIONS = 'dige_device_operations';

export type OperationRecord = {
  /** Our operation id; also stamped on every dige_api_calls row of this control. */
  _id: string;
  deviceId: string;
  command: { command: string; value?: number | string };
  actor: { userId: string; role: string; tokenId: string; channel: ControlChannel; taskId: string | null };
  idempotencyKey: string;
  requestedAt: Date;
  completedAt: Date;
  outcome: OperationOutcome;
  expectedState: DeviceState | null;
  /** The provider's last reported state during this control, exactly as read; null when none was read. */
  observedState: DeviceState | null;
  observedAt: Date | null;
  provider: {
    operationId: string | null;
    status: ProviderOperationStatus | null;
    replayed: boolean | null;
    acceptRequestId: string | null;
  };
  verification: { polls: number; deadlineMs: number };
  error: { code: string; message: string; details?: unknown } | null;
};

export interface OperationFilter {
  readonly deviceId?: string;
  readonly outcome?: OperationOutcome;
}

export interface OperationRepository {
  insert(record: OperationRecord): Promise<void>;
  list(filter: OperationFilter, page: PageRequest): Promise<Page<OperationRecord>>;
}

export function createOperationRepository(store: DocumentStore): OperationRepository {
  const operations = store.collection<OperationRecord>(OPERATIONS);
  return {
    async insert(record) {
      await operations.insertOne({ ...record });
    },
    async list(filter, page) {
      const query: Record<string, string> = {};
      if (filter.deviceId !== undefined) query['deviceId'] = filter.deviceId;
      if (filter.outcome !== undefined) query['outcome'] = filter.outcome;
      return pagedFind(operations, query, { sort: { requestedAt: -1, _id: -1 }, ...page });
    },
  };
}
