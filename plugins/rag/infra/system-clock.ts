// The real clock; tests pass their own.
import type { Clock } from '../svc/ports.ts';

export const systemClock: Clock = { now: () => new Date() };
