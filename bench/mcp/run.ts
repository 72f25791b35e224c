// tools/call round trip of one trivial tool, side by side in one run: the Operations MCP host (guard, bearer auth, role
// check, argument validation) against the SDK's bare createMcpHandler with the same tool; plus CPU ms per call (client and
// server share the process, so it is an upper bound for the server's share). Median of three alternating rounds.
// Run: node --import tsx bench/mcp/run.ts [calls]
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, Server } from '@modelcontextprotocol/server';
import { ALICE_TOKEN, startTestHost } from '../../test/kernel/mcp/fixtures.ts';

const CALLS = Number(process.argv[2] ?? 500);
const WARMUP = 50;

async function startBare(): Promise<{ url: string; close(): Promise<void> }> {
  const handler = createMcpHandler(() => {
    const server = new Server({ name: 'bare', version: '0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', () => ({
      tools: [{ name: 'demo_echo', description: 'Repeats the given text.', inputSchema: { type: 'object' as const, properties: { text: { type: 'string' } }, required: ['text'] } }],
    }));
    server.setRequestHandler('tools/call', (request) => ({ content: [{ type: 'text', text: `echo: ${String(request.params.arguments?.['text'])}` }] }));
    return server;
  });
  const serve = toNodeHandler(handler);
  const http = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    close: async () => {
      await handler.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

async function connect(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'bench', version: '0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  await client.listTools();
  return client;
}

/** Median and p95 wall ms per call, and CPU ms per call of this process, which holds client and server both. */
async function measure(client: Client): Promise<{ medianMs: number; p95Ms: number; cpuMsPerCall: number }> {
  for (let i = 0; i < WARMUP; i += 1) await client.callTool({ name: 'demo_echo', arguments: { text: 'hi' } });
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < CALLS; i += 1) {
    const started = performance.now();
    await client.callTool({ name: 'demo_echo', arguments: { text: 'hi' } });
    times.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return {
    medianMs: times[Math.floor(times.length / 2)] as number,
    p95Ms: times[Math.floor(times.length * 0.95)] as number,
    cpuMsPerCall: (used.user + used.system) / 1000 / CALLS,
  };
}

const ours = await startTestHost();
const bare = await startBare();
const oursClient = await connect(ours.url, ALICE_TOKEN);
const bareClient = await connect(bare.url);
// Alternating rounds, so drift on a shared machine hits both sides alike.
const rounds: Array<{ ours: Awaited<ReturnType<typeof measure>>; bare: Awaited<ReturnType<typeof measure>> }> = [];
for (let round = 0; round < 3; round += 1) rounds.push({ bare: await measure(bareClient), ours: await measure(oursClient) });
const pick = (side: 'ours' | 'bare', key: 'medianMs' | 'p95Ms' | 'cpuMsPerCall') =>
  [...rounds.map((r) => r[side][key])].sort((a, b) => a - b)[1] as number;
const report = {
  calls: CALLS * rounds.length,
  ours: { medianMs: pick('ours', 'medianMs'), p95Ms: pick('ours', 'p95Ms'), cpuMsPerCall: pick('ours', 'cpuMsPerCall') },
  bare: { medianMs: pick('bare', 'medianMs'), p95Ms: pick('bare', 'p95Ms'), cpuMsPerCall: pick('bare', 'cpuMsPerCall') },
};
const ratio = report.ours.medianMs / report.bare.medianMs;
console.log(JSON.stringify({ ...report, ratio: Number(ratio.toFixed(2)), goal: '<= 1.3', met: ratio <= 1.3 }, null, 2));
await oursClient.close();
await bareClient.close();
await ours.close();
await bare.close();
