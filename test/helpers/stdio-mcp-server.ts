// A real MCP server over stdio for tests: run as a child process, it offers one tool that reports the environment it was given (both eras).
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

function buildServer(): Server {
  const server = new Server({ name: 'stdio-test', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({
    tools: [
      {
        name: 'local_lookup',
        description: 'Looks a key up in the process environment.',
        inputSchema: { type: 'object' as const, properties: { key: { type: 'string' } }, required: ['key'] },
        annotations: { readOnlyHint: true },
      },
    ],
  }));
  server.setRequestHandler('tools/call', (request) => {
    const key = String(request.params.arguments?.['key']);
    return { content: [{ type: 'text', text: process.env[key] ?? '(unset)' }] };
  });
  return server;
}

serveStdio(buildServer);
