// A real MCP server over stdio for tests: run as a child process, it offers one tool that reports the environment it was given.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';

const server = new McpServer({ name: 'stdio-test', version: '1.0.0' });
server.registerTool(
  'local_lookup',
  { description: 'Looks a key up in the process environment.', inputSchema: { key: z.string() }, annotations: { readOnlyHint: true } },
  async ({ key }) => ({ content: [{ type: 'text', text: process.env[key] ?? '(unset)' }] }),
);
await server.connect(new StdioServerTransport());
