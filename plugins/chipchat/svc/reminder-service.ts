// Schedules a message for later through the scheduler's task service, when a scheduler plugin provides one.
import type { Identity, TaskSchedule, TaskService, TaskView } from 'nexus/kernel';
import { errors } from '../errors.ts';

export const MESSAGE_TASK_KIND = 'chipchat.message';

export interface ReminderInput {
  readonly text: string;
  readonly schedule: TaskSchedule;
  readonly conversationId?: string;
  readonly title?: string;
}

export interface ReminderService {
  /** The task service checks the payload through the chipchat.message executor before it stores anything. */
  schedule(identity: Identity, input: ReminderInput, createdVia: 'api' | 'mcp' | 'agent'): Promise<TaskView>;
}

const TITLE_CHARS = 60;

export function createReminderService(tasks: TaskService | undefined): ReminderService {
  return {
    async schedule(identity, input, createdVia) {
      if (tasks === undefined) throw errors.chipchat_scheduler_unavailable();
      const line = input.text.trim().split('\n')[0]!;
      const title = input.title ?? `Message: ${[...line].length > TITLE_CHARS ? `${[...line].slice(0, TITLE_CHARS - 1).join('')}…` : line}`;
      const payload = input.conversationId === undefined ? { text: input.text } : { text: input.text, conversationId: input.conversationId };
      return tasks.create(identity, { kind: MESSAGE_TASK_KIND, title, payload, schedule: input.schedule, createdVia });
    },
  };
}
