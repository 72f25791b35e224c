// Classifies JavaScript values the way MongoDB sees them: BSON instances, plain subdocuments and operator objects.
export function bsonType(value: object): string | undefined {
  const tag = (value as { _bsontype?: unknown })._bsontype;
  return typeof tag === 'string' ? tag : undefined;
}

/** A subdocument: an object that is neither an array, a Date, a RegExp, a binary nor a BSON value such as ObjectId. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !(value instanceof RegExp) &&
    !(value instanceof Uint8Array) &&
    bsonType(value) === undefined
  );
}

/** `{ $gt: 1, $lt: 5 }`-style condition: a non-empty subdocument whose keys are all operators. */
export function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}
