// The rag tools through the real MCP host and the SDK client: listing with annotations, calls by opaque id, errors as isError results.
import t from 'tap';
import { ERROR_META_KEY } from '../../../../kernel/mcp/tool-results.ts';
import { connectClient, startKernelMcp } from '../../../kernel/mcp/fixtures.ts';
import { startEmbeddingsServer } from '../helpers/embeddings-server.ts';
import { startRagRig } from '../helpers/rag-rig.ts';

const embeddings = await startEmbeddingsServer({ dimensions: 64 });
t.teardown(() => embeddings.close());
Object.assign(process.env, { RAG_EMBEDDINGS_URL: embeddings.baseUrl, RAG_EMBEDDINGS_MODEL: 'hash-64' });

const rig = await startRagRig(t);
const mcp = await startKernelMcp(rig.kernel, rig.host.registry.tools);
const { url } = mcp;
t.teardown(() => mcp.close());
const client = async (userId: string, role: string) => {
  const c = await connectClient(url, await rig.token(userId, role));
  t.teardown(() => c.close());
  return c;
};
type Result = Awaited<ReturnType<Awaited<ReturnType<typeof connectClient>>['callTool']>>;
const errorOf = (r: Result) => (r._meta as Record<string, { code: string }> | undefined)?.[ERROR_META_KEY];

const wendyToken = await rig.token('wendy', 'writer');
const up = await rig.upload(wendyToken, { name: 'pump.md', data: '# Pump manual\n\n## Start\n\nVent the pump before starting it.' }, { tags: 'plant' });
const docId = up.json().docId as string;
await rig.runTasks();
const viewer = await client('victor', 'viewer');

t.test('the four tools are listed, read-only and closed-world', async (t) => {
  const { tools } = await viewer.listTools();
  t.same(tools.map((x) => x.name).sort(), ['rag_get_document', 'rag_list_documents', 'rag_query', 'rag_search']);
  for (const tool of tools) t.match(tool.annotations, { readOnlyHint: true, destructiveHint: false, openWorldHint: false }, tool.name);
  t.same((await (await client('otto', 'outsider')).listTools()).tools, [], 'a role without rag tools sees none');
});

t.test('search, get, list and query by opaque ids', async (t) => {
  const search = await viewer.callTool({ name: 'rag_search', arguments: { query: 'vent the pump', tags: ['plant'] } });
  t.notOk(search.isError, JSON.stringify(search.content));
  t.match((search.structuredContent as { results: unknown[] }).results[0], { docId, headingPath: ['Pump manual', 'Start'] });
  const doc = await viewer.callTool({ name: 'rag_get_document', arguments: { docId } });
  t.match(doc.structuredContent, { docId, status: 'ready', chunkCount: 1, title: 'Pump manual' });
  const list = await viewer.callTool({ name: 'rag_list_documents', arguments: { status: 'ready' } });
  t.match(list.structuredContent, { total: 1, items: [{ docId }] });
  const answer = await viewer.callTool({ name: 'rag_query', arguments: { question: 'What must be done before starting the pump?' } });
  t.match(answer.structuredContent, { mode: 'extractive', citations: [{ source: 1, docId, quote: 'Vent the pump before starting it.' }] });
});

t.test('no tool takes a path or a guessed id; failures are isError results with the code', async (t) => {
  t.match(errorOf(await viewer.callTool({ name: 'rag_get_document', arguments: { docId: 'doc_000000000000000000000000' } })), { code: 'rag_document_not_found' });
  t.match(errorOf(await viewer.callTool({ name: 'rag_get_document', arguments: { docId: '/etc/passwd' } })), { code: 'validation_failed' });
  t.match(errorOf(await viewer.callTool({ name: 'rag_get_document', arguments: { path: '/etc/passwd' } })), { code: 'validation_failed' });
  t.match(errorOf(await viewer.callTool({ name: 'rag_search', arguments: { query: 'x', file: 'data' } })), { code: 'validation_failed' });
});
