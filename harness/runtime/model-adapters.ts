// Shares one ModelAdapter per distinct model setting among the runs using it, and closes an old one once its last run ends.
import type { ModelSettings } from '../../shared/contracts/model-settings.ts';
import type { ModelAdapter } from '../models/model-adapter.ts';

export type ModelAdapterFactory = (settings: ModelSettings) => ModelAdapter;

export interface LeasedModel {
  adapter: ModelAdapter;
  release(): void;
}

export interface ModelAdapters {
  acquire(settings: ModelSettings): LeasedModel;
  close(): Promise<void>;
}

/** A profile edit that changes the model must not pull the connection pool from under runs still using the old one. */
export function createModelAdapters(factory: ModelAdapterFactory): ModelAdapters {
  const entries = new Map<string, { adapter: ModelAdapter; users: number }>();
  let latest: string | undefined;
  const retire = () => {
    for (const [key, entry] of entries) {
      if (key === latest || entry.users > 0) continue;
      entries.delete(key);
      void entry.adapter.close?.();
    }
  };
  return {
    acquire(settings) {
      const key = JSON.stringify(settings);
      let entry = entries.get(key);
      if (!entry) {
        entry = { adapter: factory(settings), users: 0 };
        entries.set(key, entry);
      }
      latest = key;
      entry.users += 1;
      retire();
      const held = entry;
      let released = false;
      return {
        adapter: held.adapter,
        release() {
          if (released) return;
          released = true;
          held.users -= 1;
          retire();
        },
      };
    },
    async close() {
      const all = [...entries.values()];
      entries.clear();
      await Promise.all(all.map((entry) => entry.adapter.close?.()));
    },
  };
}
