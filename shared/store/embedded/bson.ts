// The BSON types of the embedded store, from the driver's own copy of the bson package but without loading the driver.
import { createRequire } from 'node:module';

/**
 * Required, not imported: the driver requires bson's CommonJS build, and an ESM import would load its other build, whose
 * ObjectId is another class (`instanceof ObjectId` against the driver's export would fail for ids this store makes).
 */
const bson = createRequire(import.meta.url)('bson') as typeof import('bson');

export const { ObjectId, EJSON } = bson;
export type ObjectId = import('bson').ObjectId;
