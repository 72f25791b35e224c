// The migration suite on a MongoDB wire-protocol server: a throwaway FerretDB, or the server named by NEXUS_TEST_MONGODB_URI.
import { MongoClient } from 'mongodb';
import t from 'tap';
import { NO_MONGO_SERVER_REASON, startMongoTestServer, uniqueDbName } from '../../helpers/ferretdb.ts';
import { runMigrationSuite } from './migrations-suite.ts';

const server = await startMongoTestServer();
if (server === undefined) {
  t.test('migrations on MongoDB', { skip: NO_MONGO_SERVER_REASON }, () => {});
} else {
  t.teardown(() => server.stop());
  runMigrationSuite(t, `mongodb (${server.kind})`, {
    async fresh(t) {
      const dbName = uniqueDbName('nexus_migrations');
      t.teardown(async () => {
        const client = new MongoClient(server.uri);
        await client.db(dbName).dropDatabase();
        await client.close();
      });
      return { storeOptions: { dataDir: '.', mongodbUri: server.uri, mongodbDbName: dbName }, env: { MONGODB_URI: server.uri, MONGODB_DB: dbName } };
    },
  });
}
