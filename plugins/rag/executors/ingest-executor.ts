// The rag.ingest executor: the scheduler's worker runs it for each upload, so parsing and embedding never block the API.
import { Type } from 'typebox';
import { retryPolicy, type ScheduledTaskExecutor } from 'nexus/kernel';
import { DOCUMENT_ID_PATTERN, INGEST_MAX_ATTEMPTS } from '../domain/document.ts';
import type { DocumentService } from '../svc/document-service.ts';
import { INGEST_KIND } from '../svc/document-service.ts';
import type { IngestService } from '../svc/ingest-service.ts';

export const IngestPayload = Type.Object(
  {
    doc_id: Type.String({ pattern: DOCUMENT_ID_PATTERN }),
    /** The document version this task was made for; a newer re-ingest makes it a no-op. */
    generation: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);

export function createIngestExecutor(documents: Pick<DocumentService, 'checkIngestable'>, ingest: IngestService): ScheduledTaskExecutor<typeof IngestPayload> {
  return {
    kind: INGEST_KIND,
    description: 'Parses, chunks and embeds one uploaded document, then makes its chunks searchable.',
    payloadSchema: IngestPayload,
    validate: (payload, ctx) => documents.checkIngestable(ctx.identity, payload.doc_id, payload.generation),
    async execute(payload, ctx) {
      const result = await ingest.run(payload.doc_id, payload.generation, ctx.signal, ctx.logger);
      if (result.outcome !== 'ready') {
        return { summary: `${payload.doc_id}: nothing to do (${result.outcome === 'gone' ? 'the document was deleted' : 'a newer version is queued'})`, data: { outcome: result.outcome } };
      }
      return {
        summary: `${payload.doc_id}: ${result.chunks} chunks searchable (${result.embedder.id}, ${result.embedder.dimensions} dimensions)`,
        data: { outcome: result.outcome, chunks: result.chunks, embedder: result.embedder.id, dimensions: result.embedder.dimensions, ...result.timings },
      };
    },
    retry: retryPolicy({ maxAttempts: INGEST_MAX_ATTEMPTS }),
  };
}
