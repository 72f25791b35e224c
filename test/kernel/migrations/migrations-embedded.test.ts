// The migration suite on the embedded store (one data folder per case).
import t from 'tap';
import { tempDirFor } from '../../helpers/temp-dir.ts';
import { runMigrationSuite } from './migrations-suite.ts';

runMigrationSuite(t, 'embedded', {
  async fresh(t) {
    const dataDir = await tempDirFor(t, 'nexus-migrations-');
    return { storeOptions: { dataDir }, env: { NEXUS_DATA_DIR: dataDir } };
  },
});
