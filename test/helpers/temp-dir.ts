// Temporary folders for tests, removed again when the test that asked for one ends.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function createTempDir(prefix = 'nexus-test-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

export async function removeTempDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** A fresh folder that is deleted in the test's teardown. */
export async function tempDirFor(t: { teardown(fn: () => unknown): void }, prefix?: string): Promise<string> {
  const dir = await createTempDir(prefix);
  t.teardown(() => removeTempDir(dir));
  return dir;
}
