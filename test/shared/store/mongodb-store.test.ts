// Runs the store contract against the MongoDB backend: a throwaway FerretDB, or the server named by NEXUS_TEST_MONGODB_URI.
import { MongoClient } from 'mongodb';
import t from 'tap';
import { createMongoStore } from '../../../shared/store/mongodb-store.ts';
import type { DocumentStore } from '../../../shared/store/index.ts';
import { isFerretDB, NO_MONGO_SERVER_REASON, startMongoTestServer, uniqueDbName } from '../../helpers/ferretdb.ts';
import { FERRETDB_1_CAPABILITIES, FULL_CAPABILITIES, runStoreContract } from './store-contract.ts';

async function dropDatabase(uri: string, dbName: string): Promise<void> {
  const client = new MongoClient(uri);
  try {
    await client.db(dbName).dropDatabase();
  } finally {
    await client.close();
  }
}

const server = await startMongoTestServer();
if (server === undefined) {
  t.test('mongodb store contract', { skip: NO_MONGO_SERVER_REASON }, () => {});
} else {
  t.teardown(() => server.stop());
  const { uri } = server;
  const caps = (await isFerretDB(uri)) ? FERRETDB_1_CAPABILITIES : FULL_CAPABILITIES;
  const runDb = uniqueDbName();
  let stores = 0;
  await runStoreContract(
    t,
    `mongodb (${server.kind})`,
    async () => {
      stores += 1;
      const dbName = `${runDb}_${stores}`;
      const store = await createMongoStore({ uri, dbName });
      const others: DocumentStore[] = [];
      return {
        store,
        connectAgain: async () => {
          const other = await createMongoStore({ uri, dbName });
          others.push(other);
          return other;
        },
        cleanup: async () => {
          await Promise.all([store, ...others].map((open) => open.close()));
          await dropDatabase(uri, dbName);
        },
      };
    },
    caps,
  );
}
