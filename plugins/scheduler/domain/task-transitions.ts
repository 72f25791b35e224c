// The status changes a user may make: from which statuses each action applies, and where it leads.
import type { TaskStatus } from './task.ts';

export type TaskAction = 'cancel' | 'pause' | 'resume';

const TRANSITIONS: Readonly<Record<TaskAction, { readonly from: readonly TaskStatus[]; readonly to: TaskStatus }>> = {
  cancel: { from: ['active', 'paused'], to: 'cancelled' },
  pause: { from: ['active'], to: 'paused' },
  resume: { from: ['paused'], to: 'active' },
};

/** 'apply' moves the task, 'unchanged' means it is already there (actions are idempotent), 'refused' means it is finished. */
export function decideTransition(status: TaskStatus, action: TaskAction): 'apply' | 'unchanged' | 'refused' {
  const { from, to } = TRANSITIONS[action];
  if (status === to) return 'unchanged';
  return from.includes(status) ? 'apply' : 'refused';
}
