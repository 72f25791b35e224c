// The searchable-chunks version in rag_state: writers bump it after a change, every process compares it before a search.
import type { DocumentStore } from 'nexus/kernel';
import type { Filter } from '../../../shared/store/port.ts';
import type { IndexVersion } from '../svc/ports.ts';
import { STATE } from './collections.ts';

interface State {
  _id: string;
  version: number;
}

const KEY = 'index-version';

export function createIndexVersion(store: DocumentStore): IndexVersion {
  const state = store.collection<State>(STATE);
  return {
    current: async () => (await state.findOne({ _id: KEY } as Filter<State>))?.version ?? 0,
    async bump() {
      await state.updateOne({ _id: KEY } as Filter<State>, { $inc: { version: 1 } }, { upsert: true });
    },
  };
}
