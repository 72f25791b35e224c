// Watches the skill roots and the profile with chokidar and asks for a reload shortly after files stop changing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { watch } from 'chokidar';
import type { Logger } from 'pino';
import { SKILL_FILE } from '../skills/discover-skills.ts';
import type { SnapshotSource } from './snapshot-source.ts';

export interface SourceWatcher {
  /** Resolves once the watcher sees changes; edits before that may be missed. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface WatchOptions {
  profilePath: string;
  skillRoots: readonly string[];
  logger: Logger;
  /** Quiet time after the last event before reloading, so a burst of writes is one reload. */
  debounceMs?: number;
}

/**
 * Only roots that exist are watched (a missing one would make chokidar report ready too early); only SKILL.md files
 * and the profile count, at most one folder deep, so a plugin's own sources never trigger a reload.
 */
export function watchSources(source: SnapshotSource, options: WatchOptions): SourceWatcher {
  const roots = options.skillRoots.filter((root) => existsSync(root));
  const missing = options.skillRoots.filter((root) => !roots.includes(root));
  if (missing.length > 0) options.logger.warn({ missing }, 'skill roots that do not exist are not watched');
  const profile = path.resolve(options.profilePath);
  const watcher = watch([profile, ...roots], {
    ignoreInitial: true,
    depth: 1,
    awaitWriteFinish: { stabilityThreshold: 80, pollInterval: 20 },
    ignored: (file, stats) => stats?.isFile() === true && path.basename(file) !== SKILL_FILE && path.resolve(file) !== profile,
  });
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      source.reload().catch((err: unknown) => options.logger.error({ err }, 'reloading skills and profile failed'));
    }, options.debounceMs ?? 50);
  };
  watcher.on('all', schedule);
  watcher.on('error', (err) => options.logger.warn({ err }, 'file watcher error'));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async close() {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
