// The dige.control task kind: checked against the live device when scheduled, run through the control service when due.
import { Type } from 'typebox';
import { retryPolicy, type ScheduledTaskExecutor } from 'nexus/kernel';
import type { ControlService } from '../svc/control-service.ts';
import { CONTROL_TASK_KIND } from '../svc/schedule-service.ts';
import { CommandInput } from '../svc/views.ts';

export const ControlPayload = Type.Object(
  {
    deviceId: Type.String({ minLength: 1, maxLength: 200 }),
    command: CommandInput.properties.command,
    value: CommandInput.properties.value,
  },
  { additionalProperties: false },
);

export function createControlExecutor(control: ControlService): ScheduledTaskExecutor<typeof ControlPayload> {
  return {
    kind: CONTROL_TASK_KIND,
    description: 'Sends one command to one Dige device and verifies the result against the provider.',
    payloadSchema: ControlPayload,
    async validate(payload, ctx) {
      await control.check(ctx.identity, payload.deviceId, { command: payload.command, value: payload.value });
    },
    async execute(payload, ctx) {
      const command = payload.value === undefined ? { command: payload.command } : { command: payload.command, value: payload.value };
      // The run's key is stable across retries and workers, so a repeated run cannot apply the command twice.
      const result = await control.control({
        deviceId: payload.deviceId, command, identity: ctx.identity, channel: 'scheduler', taskId: ctx.taskId, idempotencyKey: ctx.idempotencyKey,
      });
      ctx.logger.info({ deviceId: result.deviceId, operationId: result.operationId, outcome: result.outcome }, 'scheduled Dige control verified');
      return {
        summary: `${command.command} on ${result.deviceId}: ${result.outcome}`,
        data: { operationId: result.operationId, outcome: result.outcome, observedState: result.observedState, providerOperationId: result.provider.operationId },
      };
    },
    retry: retryPolicy({ maxAttempts: 3 }),
  };
}
