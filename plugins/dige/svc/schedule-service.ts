// Schedules device controls through the scheduler's task service, when a scheduler plugin provides one.
import type { Identity, TaskSchedule, TaskService, TaskView } from 'nexus/kernel';
import { errors } from '../errors.ts';
import type { CommandInput } from './views.ts';

export const CONTROL_TASK_KIND = 'dige.control';

export interface ScheduleControlInput {
  readonly deviceId: string;
  readonly command: CommandInput;
  readonly schedule: TaskSchedule;
  readonly title?: string;
}

export interface ScheduleService {
  /** The task service validates the payload through the dige.control executor before it stores anything. */
  scheduleControl(identity: Identity, input: ScheduleControlInput, createdVia: 'api' | 'mcp' | 'agent'): Promise<TaskView>;
}

export function createScheduleService(tasks: TaskService | undefined): ScheduleService {
  return {
    async scheduleControl(identity, input, createdVia) {
      if (tasks === undefined) throw errors.scheduler_unavailable();
      const { command, value } = input.command;
      const title = input.title ?? `${command}${value === undefined ? '' : ` ${value}`} on ${input.deviceId}`;
      const payload = value === undefined ? { deviceId: input.deviceId, command } : { deviceId: input.deviceId, command, value };
      return tasks.create(identity, { kind: CONTROL_TASK_KIND, title, payload, schedule: input.schedule, createdVia });
    },
  };
}
