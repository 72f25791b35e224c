// An OTLP/HTTP trace receiver for tests: Fastify on a free port, decoding http/protobuf with the exporter's own protobuf reader
// (and http/json), keeping every span it was sent.
import Fastify from 'fastify';
import { ProtobufReader } from '@opentelemetry/otlp-transformer/build/src/common/protobuf/protobuf-reader.js';

export type AttributeValue = string | number | boolean | AttributeValue[] | undefined;

export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, AttributeValue>;
  events: { name: string; attributes: Record<string, AttributeValue> }[];
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  statusCode: number;
}

export interface OtlpReceiver {
  /** The value for OTEL_EXPORTER_OTLP_ENDPOINT. */
  readonly endpoint: string;
  readonly spans: readonly ReceivedSpan[];
  /** The content types the exporters posted with. */
  readonly contentTypes: ReadonlySet<string>;
  /** Every raw body as text (protobuf bytes read as latin1), to search for what must never be exported. */
  readonly rawBodies: readonly string[];
  /** How many export requests arrived (also counted when not decoding). */
  requests(): number;
  close(): Promise<void>;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Field numbers from opentelemetry/proto: common/v1/common.proto, trace/v1/trace.proto, collector/trace/v1/trace_service.proto. */
function each(bytes: Uint8Array, on: (field: number, wire: number, reader: ProtobufReader) => boolean): void {
  const reader = new ProtobufReader(bytes);
  while (!reader.isAtEnd()) {
    const { fieldNumber, wireType } = reader.readTag();
    if (!on(fieldNumber, wireType, reader)) reader.skip(wireType);
  }
}

function anyValue(bytes: Uint8Array): AttributeValue {
  let value: AttributeValue;
  each(bytes, (field, wire, r) => {
    if (field === 1 && wire === 2) value = r.readString();
    else if (field === 2 && wire === 0) value = r.readVarint() !== 0;
    else if (field === 3 && wire === 0) value = r.readVarint();
    // Doubles (field 4) are skipped: no span these tests read carries one.
    else if (field === 5 && wire === 2) {
      const items: AttributeValue[] = [];
      each(r.readBytes(), (f, w, rr) => (f === 1 && w === 2 ? (items.push(anyValue(rr.readBytes())), true) : false));
      value = items;
    } else return false;
    return true;
  });
  return value;
}

function keyValue(bytes: Uint8Array, into: Record<string, AttributeValue>): void {
  let key = '';
  let value: AttributeValue;
  each(bytes, (field, wire, r) => {
    if (field === 1 && wire === 2) key = r.readString();
    else if (field === 2 && wire === 2) value = anyValue(r.readBytes());
    else return false;
    return true;
  });
  into[key] = value;
}

function decodeSpan(bytes: Uint8Array, service: string): ReceivedSpan {
  const span: ReceivedSpan = { service, traceId: '', spanId: '', parentSpanId: '', name: '', kind: 0, attributes: {}, events: [], statusCode: 0 };
  each(bytes, (field, wire, r) => {
    if (wire === 2 && field === 1) span.traceId = hex(r.readBytes());
    else if (wire === 2 && field === 2) span.spanId = hex(r.readBytes());
    else if (wire === 2 && field === 4) span.parentSpanId = hex(r.readBytes());
    else if (wire === 2 && field === 5) span.name = r.readString();
    else if (wire === 0 && field === 6) span.kind = r.readVarint();
    else if (wire === 2 && field === 9) keyValue(r.readBytes(), span.attributes);
    else if (wire === 2 && field === 11) {
      const event = { name: '', attributes: {} as Record<string, AttributeValue> };
      each(r.readBytes(), (f, w, rr) => {
        if (f === 2 && w === 2) event.name = rr.readString();
        else if (f === 3 && w === 2) keyValue(rr.readBytes(), event.attributes);
        else return false;
        return true;
      });
      span.events.push(event);
    } else if (wire === 2 && field === 15) {
      each(r.readBytes(), (f, w, rr) => (f === 3 && w === 0 ? ((span.statusCode = rr.readVarint()), true) : false));
    } else return false;
    return true;
  });
  return span;
}

function decodeProtobuf(body: Uint8Array): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  each(body, (field, wire, r) => {
    if (field !== 1 || wire !== 2) return false;
    let service = '';
    const raw: Uint8Array[] = [];
    each(r.readBytes(), (f, w, rr) => {
      if (f === 1 && w === 2) {
        const attributes: Record<string, AttributeValue> = {};
        each(rr.readBytes(), (ff, ww, rrr) => (ff === 1 && ww === 2 ? (keyValue(rrr.readBytes(), attributes), true) : false));
        service = String(attributes['service.name'] ?? '');
      } else if (f === 2 && w === 2) {
        each(rr.readBytes(), (ff, ww, rrr) => (ff === 2 && ww === 2 ? (raw.push(rrr.readBytes()), true) : false));
      } else return false;
      return true;
    });
    spans.push(...raw.map((bytes) => decodeSpan(bytes, service)));
    return true;
  });
  return spans;
}

interface JsonAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: JsonAnyValue[] };
}
type JsonAttributes = { key: string; value: JsonAnyValue }[] | undefined;

function jsonValue(value: JsonAnyValue): AttributeValue {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(jsonValue);
  return undefined;
}

const jsonAttributes = (list: JsonAttributes) => Object.fromEntries((list ?? []).map(({ key, value }) => [key, jsonValue(value)]));

function decodeJson(body: string): ReceivedSpan[] {
  type JsonSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: JsonAttributes; events?: { name: string; attributes?: JsonAttributes }[]; status?: { code?: number } };
  const parsed = JSON.parse(body) as { resourceSpans?: { resource?: { attributes?: JsonAttributes }; scopeSpans?: { spans?: JsonSpan[] }[] }[] };
  return (parsed.resourceSpans ?? []).flatMap((rs) => {
    const service = String(jsonAttributes(rs.resource?.attributes)['service.name'] ?? '');
    return (rs.scopeSpans ?? []).flatMap((ss) => (ss.spans ?? []).map((s): ReceivedSpan => ({
      service,
      traceId: s.traceId,
      spanId: s.spanId,
      parentSpanId: s.parentSpanId ?? '',
      name: s.name,
      kind: s.kind,
      attributes: jsonAttributes(s.attributes),
      events: (s.events ?? []).map((e) => ({ name: e.name, attributes: jsonAttributes(e.attributes) })),
      statusCode: s.status?.code ?? 0,
    })));
  });
}

/** `decode: false` only counts and acknowledges exports, for benches that measure the exporting side. */
export async function startOtlpReceiver(options: { decode?: boolean } = {}): Promise<OtlpReceiver> {
  let received = 0;
  const spans: ReceivedSpan[] = [];
  const contentTypes = new Set<string>();
  const rawBodies: string[] = [];
  const app = Fastify({ bodyLimit: 64 * 1024 * 1024 });
  app.addContentTypeParser('application/x-protobuf', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post('/v1/traces', async (request, reply) => {
    const type = String(request.headers['content-type'] ?? '').split(';')[0]!;
    contentTypes.add(type);
    received += 1;
    if (options.decode === false) return reply.header('content-type', type).send(type === 'application/json' ? '{}' : Buffer.alloc(0));
    if (type === 'application/x-protobuf') {
      const body = request.body as Buffer;
      rawBodies.push(body.toString('latin1'));
      spans.push(...decodeProtobuf(new Uint8Array(body.buffer, body.byteOffset, body.byteLength)));
      return reply.header('content-type', 'application/x-protobuf').send(Buffer.alloc(0));
    }
    rawBodies.push(request.body as string);
    spans.push(...decodeJson(request.body as string));
    return reply.send({});
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { endpoint: address, spans, contentTypes, rawBodies, requests: () => received, close: () => app.close() };
}
