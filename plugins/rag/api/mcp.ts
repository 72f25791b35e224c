// The rag MCP tools: search, answer, document metadata and listing, all by opaque ids; uploads are REST only.
import { Type } from 'typebox';
import { defineTool, toolAnnotations } from 'nexus/kernel';
import type { RagServices } from '../svc/rag-services.ts';
import { toQueryRequest, toSearchRequest } from './requests.ts';
import { DocId, DocumentListQuery, DocumentPage, QueryBody, SearchBody, SearchResponse } from './schemas.ts';
import { AnswerView, DocumentView } from '../svc/views.ts';

export function ragTools(rag: RagServices) {
  return [
    defineTool({
      name: 'rag_search',
      title: 'Search the knowledge base',
      description: 'Finds the passages (chunks) that best match a query, by words and meaning, in the default or the given knowledge bases. Returns each passage with its docId, title, heading path and offsets.',
      inputSchema: SearchBody,
      outputSchema: SearchResponse,
      annotations: { ...toolAnnotations.readStored, title: 'Search the knowledge base' },
      handler: async (args, ctx) => ({ results: await rag.search.search(ctx.identity, toSearchRequest(args)) }),
    }),
    defineTool({
      name: 'rag_query',
      title: 'Answer from the knowledge base',
      description: 'Answers a question from the knowledge base. Every citation [n] in the answer names a listed source and quotes it; citations that could not be verified are dropped and listed. Without a configured model the answer is extractive (quoted sentences).',
      inputSchema: QueryBody,
      outputSchema: AnswerView,
      annotations: { ...toolAnnotations.readStored, idempotentHint: false, title: 'Answer from the knowledge base' },
      handler: async (args, ctx) => rag.answers.query(ctx.identity, toQueryRequest(args), ctx.signal),
    }),
    defineTool({
      name: 'rag_get_document',
      title: 'Document metadata',
      description: 'Metadata of one document by its docId: title, kind, tags, ingestion status, chunk count and any error.',
      inputSchema: Type.Object({ docId: DocId }, { additionalProperties: false }),
      outputSchema: DocumentView,
      annotations: { ...toolAnnotations.readStored, title: 'Document metadata' },
      handler: async (args, ctx) => rag.documents.get(ctx.identity, args.docId),
    }),
    defineTool({
      name: 'rag_list_documents',
      title: 'List documents',
      description: 'Lists the documents you may see, newest first, optionally of one knowledge base, status or tag.',
      inputSchema: DocumentListQuery,
      outputSchema: DocumentPage,
      annotations: { ...toolAnnotations.readStored, title: 'List documents' },
      handler: async (args, ctx) => rag.documents.list(ctx.identity, args),
    }),
  ];
}
