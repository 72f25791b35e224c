// The rag plugin's error registry: refused uploads, unknown or hidden documents, ingestion failures, retrieval and answer problems.
import { defineErrors } from 'nexus/kernel';

export const errors = defineErrors({
  rag_document_not_found: { status: 404, message: 'No such document, or it is not visible to you.' },
  rag_knowledge_base_not_found: { status: 404, message: 'No such knowledge base, or it is not visible to you.' },
  rag_knowledge_base_exists: { status: 409, message: 'A knowledge base with this name exists already.' },
  rag_write_forbidden: { status: 403, message: 'You may not change this document or knowledge base.' },
  rag_upload_invalid: { status: 400, message: 'The upload is not valid: send one file in a multipart/form-data field named "file".' },
  rag_upload_too_large: { status: 413, message: 'The file is larger than the upload limit.' },
  rag_upload_empty: { status: 400, message: 'The file is empty.' },
  rag_unsupported_type: { status: 415, message: 'This kind of file is not accepted: send plain text, Markdown, HTML, PDF or DOCX.' },
  rag_type_mismatch: { status: 415, message: 'The file content does not match its declared type.' },
  rag_corrupt_file: { status: 422, message: 'The file is damaged or not a valid document of its type.' },
  rag_unsafe_archive: { status: 422, message: 'The file is refused: its compressed content (a DOCX archive, PDF streams) would expand beyond the safe limits.' },
  rag_no_text: { status: 422, message: 'No text could be extracted from the document.' },
  rag_document_busy: { status: 409, message: 'The document is being deleted.' },
  rag_embedder_unavailable: { status: 409, message: 'The knowledge base is embedded with a model this service cannot run; configure it, or reindex the knowledge base with another embedder.' },
  rag_embedder_unknown: { status: 400, message: 'No such embedder.' },
  rag_ingest_failed: { status: 500, message: 'Ingestion failed unexpectedly; see the worker log.' },
  rag_embedder_failed: { status: 502, message: 'The embedding service failed.' },
  rag_model_failed: { status: 502, message: 'The answer model failed.' },
  rag_invalid_query: { status: 400, message: 'The search or query request is not valid.' },
});
