// Vectors as base64 of little-endian float32: compact, exact, and stored the same way by the embedded store and MongoDB.
import { endianness } from 'node:os';

/** On little-endian hosts (all x86 and ARM servers) the bytes are the Float32Array's own memory: no per-value copy. */
const NATIVE_LE = endianness() === 'LE';

export function encodeVector(vector: Float32Array): string {
  if (NATIVE_LE) return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64');
  const bytes = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i++) bytes.writeFloatLE(vector[i]!, i * 4);
  return bytes.toString('base64');
}

export function decodeVector(encoded: string): Float32Array {
  const bytes = Buffer.from(encoded, 'base64');
  // A copy into its own aligned buffer: the decoded bytes may sit at an odd offset of Node's shared pool.
  if (NATIVE_LE) return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const out = new Float32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4);
  return out;
}
