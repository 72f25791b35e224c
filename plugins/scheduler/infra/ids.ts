// Random, URL-safe ids for tasks and runs, and a worker id that says where the worker runs.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { IdSource } from '../svc/ports.ts';

const random = () => randomBytes(12).toString('base64url');

export const randomIds: IdSource = {
  taskId: () => `tsk_${random()}`,
  runId: () => `run_${random()}`,
};

export function newWorkerId(): string {
  return `${hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`;
}
