// One embedded collection: the port's operations, each atomic: a read in one SQLite transaction, a write in an IMMEDIATE one
// or, while another process holds the lock, in a savepoint of the transaction that commits this process's queued writes.
import { ObjectId } from './bson.ts';
import type {
  DeleteResult,
  Document,
  Filter,
  IndexSpecification,
  InsertManyResult,
  InsertOneResult,
  OptionalUnlessRequiredId,
  UpdateFilter,
  UpdateResult,
  WithId,
} from 'mongodb';
import type {
  StoreCollection,
  StoreCountOptions,
  StoreCursor,
  StoreFindOneAndUpdateOptions,
  StoreFindOptions,
  StoreIndexOptions,
  StoreUpdateOptions,
} from '../port.ts';
import type { CollectionInfo } from './catalog.ts';
import { deserialize } from './codec.ts';
import { EmbeddedCursor } from './cursor.ts';
import type { Engine } from './engine.ts';
import { DuplicateKeyError, EmbeddedStoreError } from './errors.ts';
import { defaultIndexName, normalizeIndexSpec } from './index-spec.ts';
import { countRows, project, selectRows, type SelectOptions } from './reader.ts';
import { checkUpdate, updatedDocument, upsertDocument, type UpdateOperators } from './updates.ts';
import { isPlainObject } from './values.ts';
import type { StoredRow } from './writer.ts';

interface UpdateOutcome {
  matchedCount: number;
  modifiedCount: number;
  upsertedId?: unknown;
}

/** Gives the document an `_id` like the driver does (mutating the caller's object) and stores `_id` first. */
function withId(doc: unknown): Document {
  if (!isPlainObject(doc)) throw new EmbeddedStoreError('BadValue', 'a document must be an object');
  if (doc._id === undefined || doc._id === null) doc._id = new ObjectId();
  const { _id, ...fields } = doc;
  return { _id, ...fields };
}

export class EmbeddedCollection<T extends Document = Document> implements StoreCollection<T> {
  constructor(
    private readonly engine: Engine,
    readonly collectionName: string,
  ) {}

  async insertOne(doc: OptionalUnlessRequiredId<T>): Promise<InsertOneResult<T>> {
    const stored = withId(doc);
    await this.engine.write(() => this.engine.writer.insert(this.writable(), stored));
    return { acknowledged: true, insertedId: stored._id };
  }

  /**
   * Ordered like the driver's default: documents before a duplicate are kept, the rest are not attempted, and the
   * thrown E11000 error carries insertedCount/insertedIds of the kept ones. Any other failure inserts nothing.
   */
  async insertMany(docs: ReadonlyArray<OptionalUnlessRequiredId<T>>): Promise<InsertManyResult<T>> {
    if (!Array.isArray(docs) || docs.length === 0) throw new EmbeddedStoreError('BadValue', 'insertMany needs a non-empty array of documents');
    const stored = docs.map(withId);
    const insertedIds: Record<number, unknown> = {};
    let failure: DuplicateKeyError | undefined;
    await this.engine.write(() => {
      const collection = this.writable();
      for (const [i, doc] of stored.entries()) {
        try {
          this.engine.step(() => this.engine.writer.insert(collection, doc));
        } catch (err) {
          if (!(err instanceof DuplicateKeyError)) throw err;
          failure = err;
          return;
        }
        insertedIds[i] = doc._id;
      }
    });
    if (failure !== undefined) {
      failure.insertedCount = Object.keys(insertedIds).length;
      failure.insertedIds = insertedIds;
      throw failure;
    }
    return { acknowledged: true, insertedCount: stored.length, insertedIds: insertedIds as InsertManyResult<T>['insertedIds'] };
  }

  async findOne(filter: Filter<T> = {}, options: StoreFindOptions = {}): Promise<WithId<T> | null> {
    const [row] = this.engine.read(() => this.select(filter, { sort: options.sort, skip: options.skip, limit: 1 }));
    return row === undefined ? null : (project(row.doc, options.projection) as WithId<T>);
  }

  find(filter: Filter<T> = {}, options: StoreFindOptions = {}): StoreCursor<WithId<T>> {
    return new EmbeddedCursor<WithId<T>>(async ({ sort, skip, limit, projection }) => {
      const rows = this.engine.read(() => this.select(filter, { sort, skip, limit }));
      return rows.map((row) => project(row.doc, projection) as WithId<T>);
    }, options);
  }

  async updateOne(filter: Filter<T>, update: UpdateFilter<T>, options: StoreUpdateOptions = {}): Promise<UpdateResult<T>> {
    return this.update(filter, update, options, 1);
  }

  /** All-or-nothing: a duplicate key on any document leaves every document unchanged (MongoDB would keep the earlier ones). */
  async updateMany(filter: Filter<T>, update: UpdateFilter<T>, options: StoreUpdateOptions = {}): Promise<UpdateResult<T>> {
    return this.update(filter, update, options, 0);
  }

  async findOneAndUpdate(filter: Filter<T>, update: UpdateFilter<T>, options: StoreFindOneAndUpdateOptions = {}): Promise<WithId<T> | null> {
    checkUpdate(update);
    const result = await this.engine.write(() => {
      const collection = this.existing();
      const [before] = selectRows(this.engine.db, collection, filter, { sort: options.sort, limit: 1 });
      if (before !== undefined) {
        const after = this.engine.writer.replace(collection!, before, updatedDocument(before, update, filter));
        return options.returnDocument === 'after' ? deserialize<Document>(after.text) : before.doc;
      }
      if (options.upsert !== true) return null;
      const inserted = this.engine.writer.insert(this.writable(), upsertDocument(filter, update));
      return options.returnDocument === 'after' ? deserialize<Document>(inserted.text) : null;
    });
    return result === null ? null : (project(result, options.projection) as WithId<T>);
  }

  async deleteOne(filter: Filter<T> = {}): Promise<DeleteResult> {
    return this.delete(filter, 1);
  }

  async deleteMany(filter: Filter<T> = {}): Promise<DeleteResult> {
    return this.delete(filter, 0);
  }

  async countDocuments(filter: Filter<T> = {}, options: StoreCountOptions = {}): Promise<number> {
    return this.engine.read(() =>
      countRows(this.engine.db, this.engine.catalog.get(this.collectionName), filter, { skip: options.skip, limit: options.limit }),
    );
  }

  /** Idempotent for the same keys and options; expireAfterSeconds is honoured lazily (see DocumentWriter.purgeExpired). */
  async createIndex(spec: IndexSpecification, options: StoreIndexOptions = {}): Promise<string> {
    const fields = normalizeIndexSpec(spec);
    if (fields.length === 1 && fields[0]!.path === '_id') return '_id_';
    const name = options.name ?? defaultIndexName(fields);
    const wanted = {
      name,
      fields,
      unique: options.unique === true,
      sparse: options.sparse === true,
      expireAfterSeconds: options.expireAfterSeconds ?? null,
    };
    const keys = JSON.stringify(fields);
    await this.engine.write(() => {
      const collection = this.writable();
      const sameName = collection.indexes.find((index) => index.name === name);
      const sameKeys = collection.indexes.find((index) => JSON.stringify(index.fields) === keys);
      if (sameName !== undefined && sameName === sameKeys) {
        const { unique, sparse, expireAfterSeconds } = sameName;
        if (unique === wanted.unique && sparse === wanted.sparse && expireAfterSeconds === wanted.expireAfterSeconds) return;
        throw new EmbeddedStoreError('IndexOptionsConflict', `An existing index has the same name as the requested index but different options: ${name}`);
      }
      if (sameName !== undefined) throw new EmbeddedStoreError('IndexOptionsConflict', `An index named ${name} already exists with different keys`);
      if (sameKeys !== undefined) throw new EmbeddedStoreError('IndexOptionsConflict', `Index already exists with a different name: ${sameKeys.name}`);
      const index = this.engine.catalog.addIndex(collection, wanted);
      this.engine.writer.indexExisting(collection, index);
    });
    return name;
  }

  /** Inside a write transaction: the collection (created on first write), with expired TTL documents removed first. */
  private writable(): CollectionInfo {
    const collection = this.engine.catalog.ensureCollection(this.collectionName);
    this.engine.writer.purgeExpired(collection);
    return collection;
  }

  /** Inside a write transaction: the collection if it exists, with expired TTL documents removed first. */
  private existing(): CollectionInfo | undefined {
    const collection = this.engine.catalog.get(this.collectionName);
    if (collection !== undefined) this.engine.writer.purgeExpired(collection);
    return collection;
  }

  private select(filter: Filter<T>, options: SelectOptions): StoredRow[] {
    return selectRows(this.engine.db, this.engine.catalog.get(this.collectionName), filter, options);
  }

  private async update(filter: Filter<T>, update: UpdateFilter<T>, options: StoreUpdateOptions, limit: 0 | 1): Promise<UpdateResult<T>> {
    checkUpdate(update);
    const outcome = await this.engine.write((): UpdateOutcome => {
      const collection = this.existing();
      const rows = selectRows(this.engine.db, collection, filter, { limit });
      if (rows.length === 0 && options.upsert === true) {
        const doc = upsertDocument(filter, update);
        this.engine.writer.insert(this.writable(), doc);
        return { matchedCount: 0, modifiedCount: 0, upsertedId: doc._id };
      }
      let modifiedCount = 0;
      for (const row of rows) {
        const updated = this.engine.writer.replace(collection!, row, updatedDocument(row, update as UpdateOperators, filter));
        if (updated.text !== row.text) modifiedCount += 1;
      }
      return { matchedCount: rows.length, modifiedCount };
    });
    return {
      acknowledged: true,
      matchedCount: outcome.matchedCount,
      modifiedCount: outcome.modifiedCount,
      upsertedCount: 'upsertedId' in outcome ? 1 : 0,
      upsertedId: 'upsertedId' in outcome ? outcome.upsertedId : null,
    } as UpdateResult<T>;
  }

  private async delete(filter: Filter<T>, limit: 0 | 1): Promise<DeleteResult> {
    const deletedCount = await this.engine.write(() => {
      const collection = this.existing();
      const rows = selectRows(this.engine.db, collection, filter, { limit });
      for (const row of rows) this.engine.writer.remove(collection!, row);
      return rows.length;
    });
    return { acknowledged: true, deletedCount };
  }
}
