// Keeps the simulator's world in a JSON file: loaded at start, rewritten atomically (tmp + rename) after changes.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WorldState } from './world.ts';

export interface StateFile {
  load(): Promise<WorldState | undefined>;
  /** Schedules a write of the current state; writes in flight are coalesced, never interleaved. */
  save(): void;
  /** Resolves once everything saved so far is on disk. */
  flush(): Promise<void>;
}

export function createStateFile(file: string, current: () => WorldState, onError: (err: unknown) => void): StateFile {
  let writing: Promise<void> | undefined;
  let dirty = false;
  let seq = 0;

  async function writeLoop(): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    while (dirty) {
      dirty = false;
      seq += 1;
      const tmp = `${file}.${process.pid}.${seq}.tmp`;
      await writeFile(tmp, JSON.stringify(current()));
      // rename is atomic on one file system: a reader sees the old file or the new one, never half of one.
      await rename(tmp, file);
    }
  }

  function save(): void {
    dirty = true;
    if (writing !== undefined) return;
    writing = writeLoop()
      .catch(onError)
      .finally(() => {
        writing = undefined;
        // A save that arrived after the loop's last check but before this point still needs its write.
        if (dirty) save();
      });
  }

  return {
    async load() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
      const state = JSON.parse(text) as WorldState;
      if (state?.version !== 1 || !Array.isArray(state.devices) || !Array.isArray(state.operations)) {
        throw new Error(`${file} is not a Dige simulator state file; delete it to start from the seeded building`);
      }
      return state;
    },
    save,
    async flush() {
      while (writing !== undefined) await writing;
    },
  };
}
