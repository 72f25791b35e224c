// Holds the last good runtime profile for a kernel process and reloads it when the file changes; a broken edit is reported and ignored.
import { readFileSync } from 'node:fs';
import { watch, type FSWatcher } from 'chokidar';
import type { Logger } from 'pino';
import { parseProfile, type Profile } from '../../shared/contracts/profile.ts';

export interface ProfileStatus {
  readonly path: string;
  readonly version: string | number;
  readonly loadedAt: string;
  readonly lastError: { readonly message: string; readonly at: string } | null;
}

export interface ProfileSource {
  current(): Profile;
  status(): ProfileStatus;
  /** Re-reads the file now; keeps the previous version when the new one is broken. */
  reload(): boolean;
  /** Called after each edit that replaced the profile; returns the unsubscribe. */
  onReload(listener: (profile: Profile) => void): () => void;
  close(): Promise<void>;
}

/** Reads the profile once (a broken profile at start-up is fatal); with `watch`, follows edits. */
export function createProfileSource(path: string, logger: Logger, options: { watch: boolean }): ProfileSource {
  let profile = parseProfile(readFileSync(path, 'utf8'), path);
  let loadedAt = new Date().toISOString();
  let lastError: ProfileStatus['lastError'] = null;
  let watcher: FSWatcher | undefined;
  const listeners = new Set<(profile: Profile) => void>();

  const reload = (): boolean => {
    try {
      profile = parseProfile(readFileSync(path, 'utf8'), path);
      loadedAt = new Date().toISOString();
      lastError = null;
      logger.info({ profile: path, version: profile.version }, 'profile reloaded');
      for (const listener of listeners) listener(profile);
      return true;
    } catch (err) {
      lastError = { message: (err as Error).message, at: new Date().toISOString() };
      logger.error({ profile: path, err: lastError.message }, 'profile edit rejected; keeping the last good version');
      return false;
    }
  };

  if (options.watch) {
    watcher = watch(path, { ignoreInitial: true, awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 20 } });
    watcher.on('change', reload).on('add', reload);
  }

  return {
    current: () => profile,
    status: () => ({ path, version: profile.version, loadedAt, lastError }),
    reload,
    onReload(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close: async () => {
      await watcher?.close();
    },
  };
}
