// Boots one plugin in process for its tests: the real host (checks, migrations, indexes, wiring) over real or fake kernel services.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createKernel, type Kernel } from '../boot/create-kernel.ts';
import { createApiServer, type ApiServer } from '../http/create-api-server.ts';
import type { KernelServices } from '../plugins/core-services.ts';
import type { AnyPluginDefinition, NexusProcess, PluginDefinition } from '../plugins/define-plugin.ts';
import type { PluginHost } from '../plugins/plugin-host.ts';
import { definitionSource } from '../plugins/plugin-source.ts';
import type { DocumentStore } from '../../shared/store/port.ts';
import { startHarnessDouble, type HarnessDouble } from './harness-double.ts';

type InjectResponse = Awaited<ReturnType<ApiServer['app']['inject']>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TestPluginOptions {
  /** The process the plugin believes it runs in; 'api' by default. */
  readonly process?: Exclude<NexusProcess, 'cli'>;
  /** Mount the routes behind the real API's auth and permission hooks (so `request` works); on by default in 'api'. */
  readonly routes?: boolean;
  /** Plugins loaded beside it: providers of its deps, or stand-ins for them. */
  readonly plugins?: readonly AnyPluginDefinition[];
  /** Kernel services to replace (a ManualClock, an agent-run double, ...); the rest are the kernel's real ones. */
  readonly fakes?: Partial<KernelServices>;
  /** The runtime profile file; its roles are the roles `token` accepts. */
  readonly profile?: string;
  /** Kernel and plugin settings, as the process environment would give them. */
  readonly env?: NodeJS.ProcessEnv;
  /** The embedded store's folder, to boot again over the same data; a fresh temporary one (removed at close) by default. */
  readonly dataDir?: string;
  /** The plugin's folder (its skill file is found there); plugins/<name> under the working directory by default. */
  readonly dir?: string;
}

export interface TestPlugin<S> {
  /** What the plugin's init returned. */
  readonly services: S;
  readonly kernel: Kernel;
  readonly host: PluginHost;
  /** The API server, when routes are mounted. */
  readonly api: ApiServer | undefined;
  /** The harness the kernel's real agentRuns talks to; script its answers with onRun / onResume. */
  readonly harness: HarnessDouble;
  readonly store: DocumentStore;
  readonly dataDir: string;
  /** Every log line the kernel and the plugins wrote (NEXUS_LOG_LEVEL in `env` sets the level; silent by default). */
  readonly logs: string[];
  /** What another loaded plugin's init returned (a stand-in's recorded calls, for example). */
  servicesOf<T>(name: string): T;
  /** A bearer token for a user in one of the profile's roles. */
  token(userId: string, role: string): Promise<string>;
  /** One request through Fastify's inject, as the bearer of `token`. */
  request(token: string, method: Method, url: string, payload?: unknown, headers?: Record<string, string>): Promise<InjectResponse>;
  /** Starts listening on a free port, for clients that must read a response as it streams. */
  listen(): Promise<string>;
  /** Idempotent; also runs when the test ends if given `t`. */
  close(): Promise<void>;
}

export async function startTestPlugin<S>(
  definition: PluginDefinition<S, any, any>,
  options: TestPluginOptions & { readonly t?: { teardown(fn: () => unknown): void } } = {},
): Promise<TestPlugin<S>> {
  const kind = options.process ?? 'api';
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'nexus-test-plugin-')));
  // Processes of one deployment share the secret: a test booting two over one data folder passes it in `env`.
  const secret = options.env?.NEXUS_SERVICE_SECRET ?? randomBytes(24).toString('hex');
  const harness = await startHarnessDouble(secret);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, HOME: process.env.HOME,
    NEXUS_DATA_DIR: dataDir, NEXUS_API_PORT: '0', NEXUS_MCP_PORT: '0', NEXUS_LOG_LEVEL: 'silent',
    NEXUS_HARNESS_URL: harness.url, NEXUS_SERVICE_SECRET: secret,
    ...(options.profile ? { NEXUS_RUNTIME_PROFILE_PATH: options.profile } : {}),
    ...options.env,
  };
  const closers: (() => Promise<void>)[] = [async () => harness.close()];
  const cleanUp = async () => {
    for (const close of closers.reverse()) await close();
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= cleanUp());
  options.t?.teardown(close);
  try {
    const kernel = await createKernel({ process: kind, env, logDestination: sink, watchProfile: false });
    closers.push(() => kernel.close());
    const plugins = {
      source: definitionSource([
        { definition: definition as AnyPluginDefinition, dir: options.dir ?? path.resolve('plugins', definition.name) },
        ...(options.plugins ?? []).map((d) => ({ definition: d, dir: path.resolve('plugins', d.name) })),
      ]),
      core: options.fakes,
    };
    let api: ApiServer | undefined;
    let host: PluginHost;
    if (options.routes ?? kind === 'api') {
      api = await createApiServer(kernel, { plugins });
      closers.push(() => api!.close());
      host = api.host;
    } else {
      host = kernel.createPluginHost(undefined, plugins);
      closers.push(() => host.close());
      await host.start();
    }
    const servicesOf = <T>(name: string): T => {
      const loaded = host.loaded(name);
      if (loaded === undefined) throw new Error(`plugin "${name}" did not load: ${host.status().find((s) => s.name === name)?.error ?? 'not given to startTestPlugin'}`);
      return loaded.services as T;
    };
    const services = servicesOf<S>(definition.name);
    return {
      services, kernel, host, api, harness, store: kernel.store, dataDir, logs, servicesOf,
      async token(userId, role) {
        const roles = Object.keys(kernel.profile.current().roles);
        if (!roles.includes(role)) throw new Error(`role "${role}" is not in the test profile (roles: ${roles.join(', ')})`);
        return (await kernel.tokens.create({ userId, role })).token;
      },
      request(token, method, url, payload, headers = {}) {
        if (api === undefined) throw new Error('request() needs the routes mounted (process \'api\' or routes: true)');
        return api.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
      },
      listen() {
        if (api === undefined) throw new Error('listen() needs the routes mounted (process \'api\' or routes: true)');
        return api.listen();
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
