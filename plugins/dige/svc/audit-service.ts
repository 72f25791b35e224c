// Paged reads of what the plugin recorded: controls, device observations and provider calls; never the provider itself.
import type { OperationOutcome } from '../domain/operation.ts';
import type { ApiCallRepository } from '../infra/repositories/api-call-repository.ts';
import type { DeviceRepository } from '../infra/repositories/device-repository.ts';
import type { OperationRepository } from '../infra/repositories/operation-repository.ts';
import { pageRequest, type PageQuery } from 'nexus/kernel';
import { apiCallView, historyView, operationView, type ApiCallView, type HistoryView, type OperationView } from './audit-views.ts';

export interface PagedResult<T> {
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
  readonly items: T[];
}

export interface AuditService {
  operations(filter: { deviceId?: string; outcome?: OperationOutcome }, page: PageQuery): Promise<PagedResult<OperationView>>;
  history(deviceId: string, page: PageQuery): Promise<PagedResult<HistoryView>>;
  apiCalls(filter: { operationId?: string }, page: PageQuery): Promise<PagedResult<ApiCallView>>;
}

export function createAuditService(deps: { operations: OperationRepository; devices: DeviceRepository; apiCalls: ApiCallRepository }): AuditService {
  return {
    async operations(filter, query) {
      const page = pageRequest(query);
      const { total, items } = await deps.operations.list(filter, page);
      return { total, ...page, items: items.map(operationView) };
    },
    async history(deviceId, query) {
      const page = pageRequest(query);
      const { total, items } = await deps.devices.history(deviceId, page);
      return { total, ...page, items: items.map(historyView) };
    },
    async apiCalls(filter, query) {
      const page = pageRequest(query);
      const { total, items } = await deps.apiCalls.list(filter, page);
      return { total, ...page, items: items.map(apiCallView) };
    },
  };
}
