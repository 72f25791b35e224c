// Ties the SQLite file, its catalog and the writer together; every transaction starts from an up-to-date catalog.
import { Catalog } from './catalog.ts';
import { SqliteDatabase } from './database.ts';
import { DocumentWriter } from './writer.ts';

export class Engine {
  readonly db: SqliteDatabase;
  readonly catalog: Catalog;
  readonly writer: DocumentWriter;

  constructor(dataDir: string) {
    this.db = new SqliteDatabase(dataDir);
    try {
      this.catalog = new Catalog(this.db);
    } catch (err) {
      this.db.close();
      throw err;
    }
    this.writer = new DocumentWriter(this.db, this.catalog);
  }

  read<R>(work: () => R): R {
    return this.db.read(() => {
      this.catalog.refresh();
      return work();
    });
  }

  write<R>(work: () => R): R {
    return this.guard(() =>
      this.db.write(() => {
        this.catalog.refresh();
        return work();
      }),
    );
  }

  /** Inside write(): a step that can fail alone, e.g. one document of an ordered insertMany. */
  step<R>(work: () => R): R {
    return this.guard(() => this.db.savepoint(work));
  }

  close(): void {
    this.db.close();
  }

  /** Whatever a rolled-back transaction or savepoint put in the cached catalog never reached the file. */
  private guard<R>(work: () => R): R {
    try {
      return work();
    } catch (err) {
      this.catalog.invalidate();
      throw err;
    }
  }
}
