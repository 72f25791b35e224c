// dige_api_calls: one immutable row per provider request attempt, written by the client, read by the audit routes.
import type { DocumentStore } from 'nexus/kernel';
import type { ApiCallRecord, ApiCallRecorder } from '../provider/http-caller.ts';
import type { Page, PageQuery } from './paging.ts';

export const API_CALLS = 'dige_api_calls';

type ApiCallDoc = { [K in keyof ApiCallRecord]: ApiCallRecord[K] };
export type StoredApiCall = ApiCallRecord & { readonly id: string };

export interface ApiCallFilter {
  readonly operationId?: string;
}

export interface ApiCallRepository extends ApiCallRecorder {
  list(filter: ApiCallFilter, page: PageQuery): Promise<Page<StoredApiCall>>;
}

export function createApiCallRepository(store: DocumentStore): ApiCallRepository {
  const calls = store.collection<ApiCallDoc>(API_CALLS);
  return {
    async record(call) {
      await calls.insertOne({ ...call });
    },
    async list(filter, page) {
      const query = filter.operationId === undefined ? {} : { operationId: filter.operationId };
      const [total, docs] = await Promise.all([
        calls.countDocuments(query),
        calls.find(query, { sort: { at: -1, _id: -1 }, skip: page.offset, limit: page.limit }).toArray(),
      ]);
      return { total, items: docs.map(({ _id, ...rest }) => ({ id: String(_id), ...rest })) };
    },
  };
}
