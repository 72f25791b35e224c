// Reads the multipart upload (one "file" part plus optional fields) within the size limit; transport only, the checks are the service's.
import type { FastifyRequest } from 'fastify';
import { KNOWLEDGE_BASE_ID_PATTERN } from '../domain/knowledge-base.ts';
import { errors } from '../errors.ts';
import type { UploadInput } from '../svc/document-service.ts';

export const UPLOAD_FIELDS = ['knowledgeBaseId', 'title', 'tags'] as const;
const FIELD_LIMIT_BYTES = 4096;

export function multipartLimits(maxUploadBytes: number) {
  return { fileSize: maxUploadBytes, files: 1, fields: UPLOAD_FIELDS.length, fieldSize: FIELD_LIMIT_BYTES, parts: UPLOAD_FIELDS.length + 1, headerPairs: 100 };
}

const invalid = (field: string, message: string) => errors.rag_upload_invalid({ field }, message);

function translate(err: unknown, maxUploadBytes: number): unknown {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return errors.rag_upload_too_large({ limitBytes: maxUploadBytes }, `The file is larger than the upload limit of ${maxUploadBytes} bytes.`);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return invalid('file', `Send one file and at most these fields: ${UPLOAD_FIELDS.join(', ')}.`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_MULTIPART_INVALID_CONTENT_TYPE':
      return invalid('content-type', 'The request must be multipart/form-data.');
    default:
      return err;
  }
}

export async function readUploadForm(request: FastifyRequest, maxUploadBytes: number): Promise<UploadInput> {
  if (!request.isMultipart()) throw invalid('content-type', 'The request must be multipart/form-data with a "file" part.');
  let file: { filename: string; mediaType: string; bytes: Buffer } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: multipartLimits(maxUploadBytes) })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw invalid(part.fieldname, 'The file must be sent in the field named "file".');
        file = { filename: part.filename ?? '', mediaType: part.mimetype ?? '', bytes: await part.toBuffer() };
      } else if ((UPLOAD_FIELDS as readonly string[]).includes(part.fieldname)) {
        if (part.valueTruncated) throw invalid(part.fieldname, `The field ${part.fieldname} is too long.`);
        fields[part.fieldname] = String(part.value);
      } else throw invalid(part.fieldname, `Unknown field "${part.fieldname}"; accepted: file, ${UPLOAD_FIELDS.join(', ')}.`);
    }
  } catch (err) {
    throw translate(err, maxUploadBytes);
  }
  if (file === undefined) throw invalid('file', 'No file was sent: add a multipart part named "file".');
  const kbId = fields['knowledgeBaseId']?.trim();
  if (kbId !== undefined && kbId !== '' && !new RegExp(KNOWLEDGE_BASE_ID_PATTERN).test(kbId)) throw invalid('knowledgeBaseId', 'knowledgeBaseId is not a knowledge base id.');
  const title = fields['title']?.trim();
  if (title !== undefined && title.length > 300) throw invalid('title', 'The title is longer than 300 characters.');
  const tags = (fields['tags'] ?? '').split(',').map((t) => t.trim()).filter((t) => t !== '');
  return {
    filename: file.filename,
    mediaType: file.mediaType,
    bytes: file.bytes,
    ...(kbId ? { knowledgeBaseId: kbId } : {}),
    ...(title ? { title } : {}),
    tags,
  };
}
