// The persistent list of collections and their indexes, cached per process and reloaded whenever any process changes it.
import type { SqliteDatabase } from './database.ts';
import type { IndexDefinition, IndexField } from './index-keys.ts';

export interface CollectionInfo {
  readonly name: string;
  readonly table: string;
  readonly indexes: IndexDefinition[];
}

export type NewIndex = Pick<IndexDefinition, 'name' | 'fields' | 'unique' | 'sparse' | 'expireAfterSeconds'>;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS nexus_store_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
  INSERT OR IGNORE INTO nexus_store_meta (key, value) VALUES ('catalog_version', 0), ('next_table_id', 1);
  CREATE TABLE IF NOT EXISTS nexus_store_collections (name TEXT PRIMARY KEY, docs_table TEXT NOT NULL UNIQUE);
  CREATE TABLE IF NOT EXISTS nexus_store_indexes (
    collection TEXT NOT NULL,
    name TEXT NOT NULL,
    fields TEXT NOT NULL,
    is_unique INTEGER NOT NULL,
    is_sparse INTEGER NOT NULL,
    expire_after_seconds REAL,
    entries_table TEXT NOT NULL UNIQUE,
    multikey INTEGER NOT NULL DEFAULT 0,
    loose_order INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (collection, name)
  );
`;

interface IndexRow {
  collection: string;
  name: string;
  fields: string;
  is_unique: number;
  is_sparse: number;
  expire_after_seconds: number | null;
  entries_table: string;
  multikey: number;
  loose_order: number;
}

export class Catalog {
  private version = -1;
  private collections = new Map<string, CollectionInfo>();

  constructor(private readonly db: SqliteDatabase) {
    db.write(() => db.exec(SCHEMA));
  }

  /** Called at the start of every transaction: a stale catalog would skip maintaining an index another process created. */
  refresh(): void {
    const row = this.db.prepare(`SELECT value FROM nexus_store_meta WHERE key = 'catalog_version'`).get() as { value: number };
    if (row.value === this.version) return;
    const collections = new Map<string, CollectionInfo>();
    const collectionRows = this.db.prepare('SELECT name, docs_table FROM nexus_store_collections').all() as Array<{ name: string; docs_table: string }>;
    for (const { name, docs_table } of collectionRows) collections.set(name, { name, table: docs_table, indexes: [] });
    const indexRows = this.db.prepare('SELECT * FROM nexus_store_indexes ORDER BY rowid').all() as IndexRow[];
    for (const index of indexRows) {
      collections.get(index.collection)?.indexes.push({
        name: index.name,
        fields: JSON.parse(index.fields) as IndexField[],
        unique: index.is_unique === 1,
        sparse: index.is_sparse === 1,
        expireAfterSeconds: index.expire_after_seconds,
        table: index.entries_table,
        multikey: index.multikey === 1,
        looseOrder: index.loose_order === 1,
      });
    }
    this.collections = collections;
    this.version = row.value;
  }

  /** After a rolled-back transaction the cache may hold changes that never committed. */
  invalidate(): void {
    this.version = -1;
  }

  get(name: string): CollectionInfo | undefined {
    return this.collections.get(name);
  }

  /** Inside a write transaction: the collection, created on first write like MongoDB does. */
  ensureCollection(name: string): CollectionInfo {
    const existing = this.collections.get(name);
    if (existing !== undefined) return existing;
    const table = `nexus_docs_${this.nextTableId()}`;
    this.db.exec(`CREATE TABLE "${table}" (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, doc TEXT NOT NULL)`);
    this.db.prepare('INSERT INTO nexus_store_collections (name, docs_table) VALUES (?, ?)').run(name, table);
    const info: CollectionInfo = { name, table, indexes: [] };
    this.collections.set(name, info);
    this.bump();
    return info;
  }

  /** Inside a write transaction: registers an index and creates its (empty) entries table. */
  addIndex(collection: CollectionInfo, index: NewIndex): IndexDefinition {
    const table = `nexus_ix_${this.nextTableId()}`;
    const columns = index.fields.map((_, i) => `t${i} INTEGER NOT NULL, v${i} NOT NULL`).join(', ');
    const keyColumns = index.fields
      .map((field, i) => (field.direction === 1 ? `t${i}, v${i}` : `t${i} DESC, v${i} DESC`))
      .join(', ');
    // The key is the table's only b-tree, so a write touches one page per entry; entries are deleted by their key
    // (recomputed from the stored document), which is why no second index on seq is needed. Files written before
    // this keep their rowid tables with a unique or (key, seq) index and a seq index; deleting by key works there too.
    this.db.exec(
      `CREATE TABLE "${table}" (seq INTEGER NOT NULL, ${columns}, PRIMARY KEY (${keyColumns}${index.unique ? '' : ', seq'})) WITHOUT ROWID`,
    );
    this.db
      .prepare(
        `INSERT INTO nexus_store_indexes (collection, name, fields, is_unique, is_sparse, expire_after_seconds, entries_table)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(collection.name, index.name, JSON.stringify(index.fields), index.unique ? 1 : 0, index.sparse ? 1 : 0, index.expireAfterSeconds, table);
    const definition: IndexDefinition = { ...index, table, multikey: false, looseOrder: false };
    collection.indexes.push(definition);
    this.bump();
    return definition;
  }

  /** Inside a write transaction: records that an index became multikey or loosely ordered, which the planner must know. */
  markIndex(collection: CollectionInfo, index: IndexDefinition, flags: { multikey: boolean; looseOrder: boolean }): void {
    index.multikey ||= flags.multikey;
    index.looseOrder ||= flags.looseOrder;
    this.db
      .prepare('UPDATE nexus_store_indexes SET multikey = ?, loose_order = ? WHERE collection = ? AND name = ?')
      .run(index.multikey ? 1 : 0, index.looseOrder ? 1 : 0, collection.name, index.name);
    this.bump();
  }

  private nextTableId(): number {
    const row = this.db
      .prepare(`UPDATE nexus_store_meta SET value = value + 1 WHERE key = 'next_table_id' RETURNING value - 1 AS id`)
      .get() as { id: number };
    return row.id;
  }

  private bump(): void {
    const row = this.db
      .prepare(`UPDATE nexus_store_meta SET value = value + 1 WHERE key = 'catalog_version' RETURNING value`)
      .get() as { value: number };
    this.version = row.value;
  }
}
