// The plugin manifest: a declaration the kernel reads and checks at boot; importing it does nothing.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from 'pino';
import type { Identity } from '../identity/identity.ts';
import type { ScheduledTaskExecutor } from '../contracts/scheduled-task-executor.ts';
import type { ToolDefinition } from './define-tool.ts';
import type { Migration } from '../migrations/migration.ts';
import type { ResolvedDeps, ServiceRef } from './service-ref.ts';

export type NexusProcess = 'api' | 'mcp' | 'worker' | 'cli';

export interface IndexSpec {
  readonly key: Readonly<Record<string, 1 | -1>>;
  readonly unique?: boolean;
  readonly name?: string;
  readonly expireAfterSeconds?: number;
}

export interface CollectionSpec {
  readonly name: string;
  readonly indexes?: readonly IndexSpec[];
}

/** Re-resolves a stored owner (user + token id) to a current identity; throws token_revoked / token_expired / unauthorized. */
export interface IdentityResolver {
  resolve(userId: string, tokenId: string): Promise<Identity>;
}

/** A `nexus <name> ...` CLI command a plugin adds; it runs without the plugin's services, so it must not need them. */
export interface CliCommand {
  readonly summary: string;
  readonly usage: string;
  /** Returns the exit code: 0 done, 2 bad usage or refused input. */
  run(argv: readonly string[], io: { out(line: string): void; err(line: string): void }): Promise<number>;
}

/** A helper process `npm start` runs beside the Nexus processes (e.g. a provider simulator); never started in production. */
export interface DevProcess {
  readonly name: string;
  /** Script path relative to the plugin folder, run with tsx. */
  readonly script: string;
  /** Whether to start it, given the environment (e.g. only when no real provider is configured). */
  enabled(env: NodeJS.ProcessEnv): boolean;
}

/** What init receives: the plugin's own facts and the services its `deps` and `optionalDeps` name, core services included. */
export interface PluginContext<D extends Record<string, ServiceRef<unknown>>, O extends Record<string, ServiceRef<unknown>> = Record<string, never>> {
  readonly name: string;
  readonly dir: string;
  readonly process: NexusProcess;
  readonly deps: ResolvedDeps<D>;
  /** Services the plugin uses when present (undefined when no loaded plugin provides them). */
  readonly optionalDeps: Partial<ResolvedDeps<O>>;
}

/** The Fastify instance a plugin's routes go on; its paths are relative to /api/<name>. */
export type PluginRouter = FastifyInstance<any, any, any, Logger, TypeBoxTypeProvider>;

/** Long-running work a plugin runs in the worker process (pollers, consumers). */
export interface BackgroundService {
  readonly name: string;
  start(): Promise<void>;
  /** Stops taking new work, finishes or releases what it holds. */
  stop(): Promise<void>;
}

/** A service the plugin offers others, made by the `provide` its manifest's `provides` receives. */
export interface ProvidedService<S> {
  readonly ref: ServiceRef<unknown>;
  readonly get: (services: S) => unknown;
}

/** Offers `factory(services)` under `ref`; the factory must return the ref's type, so a wrong ref fails to compile. */
export type Provide<S> = <T>(ref: ServiceRef<T>, factory: (services: S) => NoInfer<T>) => ProvidedService<S>;

/** The services a manifest offers; `provides` only pairs refs with factories, so the host may list them before init. */
export function providedBy<S>(definition: Pick<PluginDefinition<S>, 'provides'>): readonly ProvidedService<S>[] {
  return definition.provides?.((ref, get) => ({ ref, get })) ?? [];
}

export interface PermissionSpec {
  readonly name: string;
  readonly description: string;
}

export interface PluginDefinition<
  S,
  D extends Record<string, ServiceRef<unknown>> = Record<string, never>,
  O extends Record<string, ServiceRef<unknown>> = Record<string, never>,
> {
  /** Lower-case, digits and dashes; equals the plugin's folder name; routes mount under /api/<name>. */
  readonly name: string;
  readonly version: string;
  readonly description: string;
  /** Services the plugin needs, kernel ones (`coreServices.store`) and other plugins' (`taskServiceRef`) alike. */
  readonly deps?: D;
  readonly optionalDeps?: O;
  readonly collections?: readonly CollectionSpec[];
  /**
   * Steps that bring stored data from older versions to this one, in order; every process runs the pending ones at
   * load, and a store-held lock makes each run once per store. A failing step stops the plugin's load.
   */
  readonly migrations?: readonly Migration[];
  /** Permission names the plugin's routes check, so the role matrix can be reviewed against them. */
  readonly permissions?: readonly PermissionSpec[];
  /** Builds the plugin's services; runs in every process that loads the plugin, so keep it cheap. */
  init(ctx: PluginContext<D, O>): Promise<S> | S;
  /** `(provide) => [provide(taskServiceRef, (services) => services.tasks)]`: a function so `provide` knows the services' type. */
  readonly provides?: (provide: Provide<NoInfer<S>>) => readonly ProvidedService<NoInfer<S>>[];
  routes?(router: PluginRouter, services: S): void | Promise<void>;
  mcpTools?(services: S): readonly ToolDefinition<any, any>[];
  executors?(services: S): readonly ScheduledTaskExecutor<any>[];
  backgroundServices?(services: S): readonly BackgroundService[];
  readonly devProcesses?: readonly DevProcess[];
  /** CLI commands, by name (`nexus cron next ...` is the command `cron`). */
  readonly commands?: Readonly<Record<string, CliCommand>>;
  /** The plugin's skill file, relative to its folder. */
  readonly skill?: string;
  close?(services: S): Promise<void>;
}

/** Declares a plugin. Identity function: it exists for type inference; checks happen when the kernel loads it. */
export function definePlugin<
  S,
  D extends Record<string, ServiceRef<unknown>> = Record<string, never>,
  O extends Record<string, ServiceRef<unknown>> = Record<string, never>,
>(definition: PluginDefinition<S, D, O>): PluginDefinition<S, D, O> {
  return definition;
}

export type AnyPluginDefinition = PluginDefinition<any, Record<string, ServiceRef<unknown>>, Record<string, ServiceRef<unknown>>>;
