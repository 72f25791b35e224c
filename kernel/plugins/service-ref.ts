// Typed tokens through which one plugin offers a service and another receives it, without either importing the other.

export interface ServiceRef<T> {
  readonly id: string;
  /** Phantom field carrying the service type; never set at run time. */
  readonly type?: T;
}

const SERVICE_ID = /^[a-z][a-z0-9-]*\.[a-z][a-zA-Z0-9.-]*$/;

/** Ids are dotted, `<plugin>.<thing>` (e.g. `scheduler.tasks`), so a clash names its owner. */
export function createServiceRef<T>(id: string): ServiceRef<T> {
  if (!SERVICE_ID.test(id)) throw new Error(`service ref id "${id}" must look like "<plugin>.<thing>"`);
  return Object.freeze({ id });
}

export type ServiceOf<R> = R extends ServiceRef<infer T> ? T : never;
export type ResolvedDeps<D extends Record<string, ServiceRef<unknown>>> = { readonly [K in keyof D]: ServiceOf<D[K]> };
