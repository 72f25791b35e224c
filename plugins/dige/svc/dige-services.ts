// The services the Dige plugin builds once per process and hands to its routes, tools and executors.
import type { AuditService } from './audit-service.ts';
import type { ControlService } from './control-service.ts';
import type { DeviceService } from './device-service.ts';
import type { ScheduleService } from './schedule-service.ts';

export interface DigeServices {
  readonly devices: DeviceService;
  readonly control: ControlService;
  readonly schedule: ScheduleService;
  readonly audit: AuditService;
  close(): Promise<void>;
}
