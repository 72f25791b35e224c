// Errors of the embedded store, shaped like the driver's MongoServerError (numeric code, codeName) so callers handle both backends alike.
import { DUPLICATE_KEY_CODE } from '../port.ts';
import { serialize } from './codec.ts';

export const ERROR_CODES = {
  BadValue: 2,
  FailedToParse: 9,
  ImmutableField: 66,
  IndexOptionsConflict: 85,
  CannotIndexParallelArrays: 171,
  DuplicateKey: DUPLICATE_KEY_CODE,
} as const;

export type ErrorCodeName = keyof typeof ERROR_CODES;

export class EmbeddedStoreError extends Error {
  readonly code: number;
  readonly codeName: ErrorCodeName | 'StorageError';

  constructor(codeName: ErrorCodeName | 'StorageError', message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbeddedStoreError';
    this.codeName = codeName;
    this.code = codeName === 'StorageError' ? -1 : ERROR_CODES[codeName];
  }
}

/** Raised on a unique-index violation; carries keyPattern/keyValue like the driver's error. */
export class DuplicateKeyError extends EmbeddedStoreError {
  readonly keyPattern: Record<string, number>;
  readonly keyValue: Record<string, unknown>;
  /** Set by insertMany: how many documents were inserted before the failing one. */
  insertedCount = 0;
  insertedIds: Record<number, unknown> = {};

  constructor(collection: string, indexName: string, keyPattern: Record<string, number>, keyValue: Record<string, unknown>) {
    super(
      'DuplicateKey',
      `E11000 duplicate key error collection: ${collection} index: ${indexName} dup key: ${formatKey(keyValue)}`,
    );
    this.keyPattern = keyPattern;
    this.keyValue = keyValue;
  }
}

function formatKey(keyValue: Record<string, unknown>): string {
  const parts = Object.entries(keyValue).map(([field, value]) => `${field}: ${serialize(value ?? null)}`);
  return `{ ${parts.join(', ')} }`;
}

/** Wraps anything thrown by the query/update engine as a client error, keeping the engine's explanation. */
export function invalidInput(what: string, err: unknown): EmbeddedStoreError {
  if (err instanceof EmbeddedStoreError) return err;
  const reason = err instanceof Error ? err.message : String(err);
  const codeName = /immutable field '_id'/.test(reason) ? 'ImmutableField' : 'BadValue';
  return new EmbeddedStoreError(codeName, `invalid ${what}: ${reason}`, { cause: err });
}

/** Turns a SQLite failure into a store error whose message says what the store was doing, not which SQL failed. */
export function storageFailure(file: string, err: unknown): Error {
  if (err instanceof EmbeddedStoreError || !(err instanceof Error)) return err as Error;
  const sqliteCode = (err as { code?: unknown }).code;
  if (typeof sqliteCode !== 'string' || !sqliteCode.startsWith('SQLITE_')) return err;
  const message = sqliteCode.startsWith('SQLITE_BUSY') || sqliteCode.startsWith('SQLITE_LOCKED')
    ? `embedded store ${file} stayed locked by another process past the busy timeout`
    : `embedded store ${file} failed (${sqliteCode}): ${err.message}`;
  return new EmbeddedStoreError('StorageError', message, { cause: err });
}
