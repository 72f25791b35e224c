// A stdio relay for tests: runs an MCP server as its child and passes newline-delimited JSON-RPC both ways, except that it
// holds the client's `notifications/initialized` until the server has answered the client's first tools/call. A server that
// registers tools once initialized (server-everything does) thereby adds them after the client has listed and used its
// tools, and announces them with notifications/tools/list_changed: a tool that appears later, at a moment the test knows.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const [command, ...args] = process.argv.slice(2);
if (command === undefined) throw new Error('usage: stdio-held-initialized <command> [args...]');
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
child.once('exit', (code) => process.exit(code ?? 1));
process.stdin.once('end', () => child.stdin.end());

let held: string | undefined;
let released = false;
let firstCallId: unknown;

/** Anything that is not a JSON-RPC message is passed on untouched, as the relay must not change what it does not read. */
function parse(line: string): { id?: unknown; method?: string } {
  try {
    return JSON.parse(line) as { id?: unknown; method?: string };
  } catch {
    return {};
  }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const message = parse(line);
  if (!released && message.method === 'notifications/initialized') {
    held = line;
    return;
  }
  if (message.method === 'tools/call' && firstCallId === undefined) firstCallId = message.id;
  child.stdin.write(`${line}\n`);
});

createInterface({ input: child.stdout }).on('line', (line) => {
  process.stdout.write(`${line}\n`);
  const message = parse(line);
  if (released || message.method !== undefined || firstCallId === undefined || message.id !== firstCallId) return;
  released = true;
  if (held !== undefined) child.stdin.write(`${held}\n`);
});
