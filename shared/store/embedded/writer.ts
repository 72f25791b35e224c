// Writes documents and keeps every index's entries table in step, turning unique-constraint failures into E11000 errors.
import type { Document } from 'mongodb';
import type { Catalog, CollectionInfo } from './catalog.ts';
import { deserialize, serialize } from './codec.ts';
import type { SqliteDatabase } from './database.ts';
import { DuplicateKeyError } from './errors.ts';
import { keyPattern } from './index-spec.ts';
import { idKey, indexEntries, partText, partValue, RANK, type IndexDefinition, type IndexEntries, type KeyPart } from './index-keys.ts';

/** A stored document: its row number and its stored text. */
export interface StoredText {
  readonly seq: number;
  readonly text: string;
}

/** A stored document as read back, parsed. */
export interface StoredRow extends StoredText {
  readonly doc: Document;
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  // A unique index's entries table has its key as primary key (older files: a unique index on it).
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function sameKeys(a: IndexEntries, b: IndexEntries): boolean {
  const text = (entries: IndexEntries) => entries.keys.map((key) => key.map(partText).join('|')).join('\n');
  return text(a) === text(b);
}

export class DocumentWriter {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly catalog: Catalog,
  ) {}

  /** Inserts a document that already has its `_id`; returns it as stored. */
  insert(collection: CollectionInfo, doc: Document): StoredText {
    const text = serialize(doc);
    let seq: number;
    try {
      const result = this.db.prepare(`INSERT INTO "${collection.table}" (id, doc) VALUES (?, ?)`).run(idKey(doc._id), text);
      seq = Number(result.lastInsertRowid);
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateKeyError(collection.name, '_id_', { _id: 1 }, { _id: doc._id });
      throw err;
    }
    for (const index of collection.indexes) this.addEntries(collection, index, seq, indexEntries(index, doc));
    return { seq, text };
  }

  /** Replaces a stored document with its updated form (a no-op when nothing changed), re-indexing only the indexes whose keys changed. */
  replace(collection: CollectionInfo, before: StoredRow, after: Document): StoredText {
    const text = serialize(after);
    if (text === before.text) return before;
    this.db.prepare(`UPDATE "${collection.table}" SET doc = ? WHERE seq = ?`).run(text, before.seq);
    for (const index of collection.indexes) {
      const previous = indexEntries(index, before.doc);
      const next = indexEntries(index, after);
      if (sameKeys(previous, next)) continue;
      this.removeEntries(index, before.seq, previous);
      this.addEntries(collection, index, before.seq, next);
    }
    return { seq: before.seq, text };
  }

  remove(collection: CollectionInfo, row: StoredRow): void {
    this.db.prepare(`DELETE FROM "${collection.table}" WHERE seq = ?`).run(row.seq);
    for (const index of collection.indexes) this.removeEntries(index, row.seq, indexEntries(index, row.doc));
  }

  /** Fills a new index from the documents already stored. */
  indexExisting(collection: CollectionInfo, index: IndexDefinition): void {
    const rows = this.db.prepare(`SELECT seq, doc AS text FROM "${collection.table}"`).all() as Array<{ seq: number; text: string }>;
    for (const row of rows) this.addEntries(collection, index, row.seq, indexEntries(index, deserialize(row.text)));
  }

  /**
   * TTL indexes expire documents lazily: each write to the collection first deletes the documents whose indexed
   * date is older than expireAfterSeconds (MongoDB's own TTL monitor is also deferred, by up to a minute).
   */
  purgeExpired(collection: CollectionInfo, now = Date.now()): void {
    for (const index of collection.indexes) {
      if (index.expireAfterSeconds === null || index.fields.length !== 1) continue;
      const cutoff = now - index.expireAfterSeconds * 1000;
      const expired = this.db
        .prepare(`SELECT seq, doc AS text FROM "${collection.table}" WHERE seq IN (SELECT seq FROM "${index.table}" WHERE t0 = ? AND v0 < ?)`)
        .all(RANK.date, cutoff) as Array<{ seq: number; text: string }>;
      for (const { seq, text } of expired) this.remove(collection, { seq, text, doc: deserialize(text) });
    }
  }

  private addEntries(collection: CollectionInfo, index: IndexDefinition, seq: number, entries: IndexEntries): void {
    if ((entries.multikey && !index.multikey) || (entries.looseOrder && !index.looseOrder)) {
      this.catalog.markIndex(collection, index, entries);
    }
    const columns = index.fields.map((_, i) => `, t${i}, v${i}`).join('');
    const placeholders = index.fields.map(() => ', ?, ?').join('');
    const statement = this.db.prepare(`INSERT INTO "${index.table}" (seq${columns}) VALUES (?${placeholders})`);
    for (const key of entries.keys) {
      try {
        statement.run(seq, ...key.flatMap((part) => [part.t, part.v]));
      } catch (err) {
        if (isUniqueViolation(err)) throw this.duplicate(collection, index, key);
        throw err;
      }
    }
  }

  private removeEntries(index: IndexDefinition, seq: number, entries: IndexEntries): void {
    const key = index.fields.map((_, i) => ` AND t${i} = ? AND v${i} = ?`).join('');
    const statement = this.db.prepare(`DELETE FROM "${index.table}" WHERE seq = ?${key}`);
    for (const parts of entries.keys) statement.run(seq, ...parts.flatMap((part) => [part.t, part.v]));
  }

  private duplicate(collection: CollectionInfo, index: IndexDefinition, key: KeyPart[]): DuplicateKeyError {
    const keyValue = Object.fromEntries(index.fields.map((field, i) => [field.path, partValue(key[i]!)]));
    return new DuplicateKeyError(collection.name, index.name, keyPattern(index.fields), keyValue);
  }
}
