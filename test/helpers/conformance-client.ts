// The harness's MCP client as a program for the conformance runner's client scenarios: it connects to the URL it is given,
// lists the tools and calls each one, as a run would.
import { pino } from 'pino';
import { createMcpConnection } from '../../harness/mcp/mcp-connection.ts';

/** Arguments for the tools the runner's scenarios offer; any other tool is called without arguments. */
const ARGUMENTS: Record<string, Record<string, unknown>> = { add_numbers: { a: 2, b: 3 } };

const url = process.argv.at(-1);
if (url === undefined || !/^https?:\/\//.test(url)) throw new Error('usage: conformance-client <server-url>');

const connection = createMcpConnection({
  server: { name: 'conformance', transport: 'http', url, auth: 'none' },
  headers: {},
  logger: pino({ level: 'warn' }, pino.destination(2)),
  clientInfo: { name: 'nexus-harness', version: '0.1.0' },
  onToolsChanged: () => undefined,
});
try {
  for (const tool of await connection.tools()) {
    const result = await connection.callTool(tool.name, ARGUMENTS[tool.name] ?? {}, { signal: AbortSignal.timeout(20_000), repeatable: false });
    process.stdout.write(`${tool.name}: ${JSON.stringify(result.content)}\n`);
  }
} finally {
  await connection.close();
}
