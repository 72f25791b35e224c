// The REST views of the platform plugins (scheduler, dige, rag, chipchat) the console reads, named from the types generated from /docs/json.
import type { BodyOf, ResponseOf } from './types.ts';

type Item<T> = T extends readonly (infer I)[] ? I : never;

export type SchedulerTask = Item<ResponseOf<'/api/scheduler/tasks', 'get'>['items']>;
export type Schedule = SchedulerTask['schedule'];
export type TaskRun = Item<ResponseOf<'/api/scheduler/tasks/{id}/runs', 'get'>['items']>;
export type CronPreview = ResponseOf<'/api/scheduler/cron/preview', 'post'>;

export type Room = Item<ResponseOf<'/api/dige/rooms', 'get'>['items']>;
export type Device = Item<ResponseOf<'/api/dige/devices', 'get'>['items']>;
export type DeviceDetail = ResponseOf<'/api/dige/devices/{id}', 'get'>;
export type AcceptedCommand = Item<DeviceDetail['accepts']>;
export type ControlResult = ResponseOf<'/api/dige/devices/{id}/commands', 'post'>;
export type DeviceObservation = Item<ResponseOf<'/api/dige/devices/{id}/history', 'get'>['items']>;

export type KnowledgeBase = Item<ResponseOf<'/api/rag/knowledge-bases', 'get'>['items']>;
export type RagDocument = ResponseOf<'/api/rag/documents/{id}', 'get'>;
export type SearchHit = Item<ResponseOf<'/api/rag/search', 'post'>['results']>;
export type SearchRequest = BodyOf<'/api/rag/search', 'post'>;
export type RagAnswer = ResponseOf<'/api/rag/query', 'post'>;

export type Conversation = Item<ResponseOf<'/api/chipchat/conversations', 'get'>['items']>;
export type ChatMessage = Item<ResponseOf<'/api/chipchat/conversations/{id}/messages', 'get'>['items']>;

/** The parts of rag_query / rag_search results that name where an answer came from. */
export type RagSource = Pick<SearchHit, 'title' | 'headingPath' | 'text'> & { quote?: string };
