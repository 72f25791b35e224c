// dige_api_calls: one immutable row per provider request attempt, written by the client, read by the audit routes.
import { pagedFind, type DocumentStore, type Page, type PageRequest } from 'nexus/kernel';
import type { ApiCallRecord, ApiCallRecorder } from '../provider/http-caller.ts';

export const API_CALLS = 'dige_api_calls';

type ApiCallDoc = { [K in keyof ApiCallRecord]: ApiCallRecord[K] };
export type StoredApiCall = ApiCallRecord & { readonly id: string };

export interface ApiCallFilter {
  readonly operationId?: string;
}

export interface ApiCallRepository extends ApiCallRecorder {
  list(filter: ApiCallFilter, page: PageRequest): Promise<Page<StoredApiCall>>;
}

export function createApiCallRepository(store: DocumentStore): ApiCallRepository {
  const calls = store.collection<ApiCallDoc>(API_CALLS);
  return {
    async record(call) {
      await calls.insertOne({ ...call });
    },
    async list(filter, page) {
      const query = filter.operationId === undefined ? {} : { operationId: filter.operationId };
      const { total, items } = await pagedFind(calls, query, { sort: { at: -1, _id: -1 }, ...page });
      return { total, items: items.map(({ _id, ...rest }) => ({ id: String(_id), ...rest })) };
    },
  };
}
