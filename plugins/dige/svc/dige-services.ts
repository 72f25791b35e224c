// Dige's composition root: builds the services once per process from the kernel's, and hands them to routes, tools and executors.
import type { AccessPolicy, DocumentStore, Logger, TaskService } from 'nexus/kernel';
import type { DigeConfig } from '../config.ts';
import { createProviderClient } from '../infra/provider/provider-client.ts';
import { createApiCallRepository } from '../infra/repositories/api-call-repository.ts';
import { createDeviceRepository } from '../infra/repositories/device-repository.ts';
import { createOperationRepository } from '../infra/repositories/operation-repository.ts';
import { systemClock } from '../infra/system-clock.ts';
import { createAuditService, type AuditService } from './audit-service.ts';
import { createControlService, type ControlService } from './control-service.ts';
import { createDeviceService, type DeviceService } from './device-service.ts';
import { createScheduleService, type ScheduleService } from './schedule-service.ts';

export interface DigeServices {
  readonly devices: DeviceService;
  readonly control: ControlService;
  readonly schedule: ScheduleService;
  readonly audit: AuditService;
  close(): Promise<void>;
}

export interface DigeDeps {
  readonly store: DocumentStore;
  readonly logger: Logger;
  readonly access: AccessPolicy;
  readonly config: DigeConfig;
  readonly tasks: TaskService | undefined;
}

export function createDigeServices({ store, logger, access, config, tasks }: DigeDeps): DigeServices {
  const apiCalls = createApiCallRepository(store);
  const devices = createDeviceRepository(store);
  const operations = createOperationRepository(store);
  const client = createProviderClient({ ...config.provider, clock: systemClock, recorder: apiCalls, logger });
  return {
    devices: createDeviceService({ client, devices, clock: systemClock }),
    control: createControlService({ client, devices, operations, access, clock: systemClock, verify: config.verify }),
    schedule: createScheduleService(tasks),
    audit: createAuditService({ operations, devices, apiCalls }),
    close: () => client.close(),
  };
}
