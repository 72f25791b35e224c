// Converts documents and values to text and back with relaxed EJSON, so Date, ObjectId and the other BSON types survive SQLite.
import { EJSON } from './bson.ts';

export function serialize(value: unknown): string {
  return EJSON.stringify(value, { relaxed: true });
}

export function deserialize<T>(text: string): T {
  return EJSON.parse(text, { relaxed: true }) as T;
}
