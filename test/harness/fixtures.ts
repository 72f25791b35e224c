// Shared test fixtures for the harness: an in-process tool source, a policy, a runner factory and event helpers.
import type { RunRequest } from '../../shared/contracts/run-request.ts';
import type { RunStreamEvent } from '../../shared/contracts/stream-event.ts';
import type { CancelRequests } from '../../harness/graph/cancel-requests.ts';
import type { Checkpointer } from '../../harness/graph/checkpointer.ts';
import { createMemoryCheckpointer } from '../../harness/graph/memory-checkpointer.ts';
import type { NodeTable } from '../../harness/graph/node-context.ts';
import type { RunContextProvider } from '../../harness/graph/run-context.ts';
import { createRunner, type Runner } from '../../harness/graph/runner.ts';
import type { RunState } from '../../harness/graph/run-state.ts';
import type { Middleware } from '../../harness/middleware/middleware.ts';
import { createScriptedModelAdapter, type ScriptedModelAdapter, type ScriptStep } from '../../harness/models/scripted-model-adapter.ts';
import type { ModelAdapter } from '../../harness/models/model-adapter.ts';
import { nativeTools } from '../../harness/tools/builtins/index.ts';
import { createLocalToolSource, type LocalTool } from '../../harness/tools/local-tool-source.ts';
import type { RunPolicy } from '../../harness/tools/run-policy.ts';
import { createStaticRunPolicy } from '../../harness/tools/static-run-policy.ts';
import type { Timers } from '../../harness/tools/tool-invoker.ts';
import { createToolRegistry } from '../../harness/tools/tool-registry.ts';
import type { ToolSource } from '../../harness/tools/tool-source.ts';

export const identity = { userId: 'user-1', role: 'member', tokenId: 'token-1', sessionId: 'session-1', correlationId: 'corr-1' };

let runCounter = 0;
export function request(overrides: Partial<RunRequest> = {}): RunRequest {
  runCounter += 1;
  return {
    runId: `run-${runCounter}`,
    threadId: 'thread-1',
    messages: [{ role: 'user', content: 'hello' }],
    identity,
    ...overrides,
  };
}

const text = (value: string) => ({ content: [{ type: 'text', text: value }] });

/** Calls of every tool, for assertions on what actually ran. */
export const toolLog: Array<{ name: string; args: Record<string, unknown> }> = [];

export const testTools: LocalTool[] = [
  {
    definition: {
      name: 'echo',
      description: 'Returns the text it is given.',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
    },
    handler: (args) => {
      toolLog.push({ name: 'echo', args });
      return text(String(args.text));
    },
  },
  {
    definition: {
      name: 'add',
      description: 'Adds two integers.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'integer' }, b: { type: 'integer', default: 1 } },
        required: ['a', 'b'],
        additionalProperties: false,
      },
    },
    handler: (args) => {
      toolLog.push({ name: 'add', args });
      const sum = (args.a as number) + (args.b as number);
      return { content: [{ type: 'text', text: String(sum) }], structuredContent: { sum }, _meta: { source: 'test' } };
    },
  },
  {
    definition: { name: 'remove_item', description: 'Removes an item.', inputSchema: { type: 'object', properties: { id: { type: 'string', minLength: 1 } }, required: ['id'] } },
    handler: (args) => {
      toolLog.push({ name: 'remove_item', args });
      return text(`removed ${String(args.id)}`);
    },
  },
  {
    definition: { name: 'reports_error', description: 'Reports an error result.', inputSchema: { type: 'object' } },
    handler: () => ({ ...text('the thing is offline'), isError: true }),
  },
  {
    definition: { name: 'throws', description: 'Throws.', inputSchema: { type: 'object' } },
    handler: () => {
      throw new Error('connection reset');
    },
  },
  {
    definition: { name: 'hangs', description: 'Never answers unless aborted.', inputSchema: { type: 'object' } },
    handler: (_args, context) =>
      new Promise((_resolve, reject) => {
        hangWaiters.shift()?.(context.signal);
        context.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      }),
  },
  {
    definition: { name: 'big_output', description: 'Returns a long text.', inputSchema: { type: 'object', properties: { size: { type: 'integer' } } } },
    handler: (args) => text('x'.repeat(Number(args.size ?? 50_000))),
  },
  {
    definition: { name: 'restricted', description: 'Only some roles may use this.', inputSchema: { type: 'object' } },
    handler: () => text('restricted ran'),
  },
  {
    definition: { name: 'blocked', description: 'Disabled by policy.', inputSchema: { type: 'object' } },
    handler: () => text('blocked ran'),
  },
];

const hangWaiters: Array<(signal: AbortSignal) => void> = [];

/** Resolves when the next `hangs` call starts, with the signal that call was given. */
export function nextHang(): Promise<AbortSignal> {
  return new Promise((resolve) => hangWaiters.push(resolve));
}

export function testSource(): ToolSource {
  return createLocalToolSource('local', testTools);
}

export const policy: RunPolicy = createStaticRunPolicy({
  roles: {
    member: { tools: ['echo', 'add', 'remove_item', 'reports_error', 'throws', 'hangs', 'big_output', 'blocked'], reviewRequired: ['remove_item'] },
    admin: { tools: ['*'] },
  },
  skills: { narrow: ['echo'] },
  denied: ['blocked'],
});

/** Timers a test fires by hand, so tool deadlines need no real waiting. */
export function manualTimers(): Timers & { fire(): void; pending(): number } {
  const callbacks = new Map<number, () => void>();
  let id = 0;
  return {
    setTimeout(callback) {
      id += 1;
      callbacks.set(id, callback);
      return id;
    },
    clearTimeout(handle) {
      callbacks.delete(handle as number);
    },
    fire() {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback();
    },
    pending: () => callbacks.size,
  };
}

/** Wraps a checkpointer and records the node each saved state points at: the path the run took. */
export function recordingCheckpointer(inner: Checkpointer = createMemoryCheckpointer()) {
  const path: string[] = [];
  const saved: RunState[] = [];
  const waiters: Array<{ predicate: (state: RunState) => boolean; resolve: (state: RunState) => void }> = [];
  const checkpointer: Checkpointer & { path: string[]; saved: RunState[]; whenSaved(predicate: (state: RunState) => boolean): Promise<RunState> } = {
    path,
    saved,
    /** Resolves with the first state saved from now on that satisfies the predicate. */
    whenSaved: (predicate) => new Promise((resolve) => waiters.push({ predicate, resolve })),
    load: (runId) => inner.load(runId),
    async save(state, options) {
      await inner.save(state, options);
      path.push(state.node);
      saved.push(structuredClone(state));
      for (const waiter of [...waiters]) {
        if (waiter.predicate(state)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(structuredClone(state));
        }
      }
    },
    list: (threadId) => inner.list(threadId),
    deleteThread: (threadId) => inner.deleteThread(threadId),
  };
  return checkpointer;
}

export interface TestRunnerOptions {
  script?: ScriptStep[];
  model?: ModelAdapter;
  checkpointer?: Checkpointer;
  middleware?: Middleware[];
  timers?: Timers;
  nodes?: Partial<NodeTable>;
  sources?: ToolSource[];
  context?: RunContextProvider;
  runPolicy?: RunPolicy;
  cancellations?: CancelRequests;
}

export interface TestHarness<M extends ModelAdapter> {
  runner: Runner;
  model: M;
  checkpointer: Checkpointer;
  tools: ReturnType<typeof createToolRegistry>;
}

/** With no model given, the runner plays `script` through the in-process scripted adapter, returned as `model`. */
export function testRunner<M extends ModelAdapter>(options: TestRunnerOptions & { model: M }): TestHarness<M>;
export function testRunner(options?: TestRunnerOptions): TestHarness<ScriptedModelAdapter>;
export function testRunner(options: TestRunnerOptions = {}): TestHarness<ModelAdapter> {
  const model = options.model ?? createScriptedModelAdapter(options.script ?? []);
  const checkpointer = options.checkpointer ?? recordingCheckpointer();
  const tools = createToolRegistry({ sources: options.sources ?? [testSource()], nativeTools });
  const runner: Runner = createRunner({
    model,
    tools,
    policy: options.runPolicy ?? policy,
    checkpointer,
    middleware: options.middleware ?? [],
    ...(options.context ? { context: options.context } : {}),
    ...(options.timers ? { timers: options.timers } : {}),
    ...(options.nodes ? { nodes: options.nodes } : {}),
    ...(options.cancellations ? { cancellations: options.cancellations } : {}),
  });
  return { runner, model, checkpointer, tools };
}

export async function collect(events: AsyncIterable<RunStreamEvent>): Promise<RunStreamEvent[]> {
  const out: RunStreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** The ToolMessages of a history, for pairing assertions in tests. */
export function toolMessages(state: RunState) {
  return state.messages.filter((message) => message.role === 'tool');
}
