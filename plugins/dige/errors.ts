// The Dige plugin's error registry: every expected failure of a provider call, a command or a verification.
import { defineErrors } from 'nexus/kernel';

export const errors = defineErrors({
  device_not_found: { status: 404, message: 'The provider knows no such device.' },
  room_not_found: { status: 404, message: 'The provider knows no such room.' },
  unsupported_command: { status: 422, message: 'The device does not accept this command.' },
  out_of_range: { status: 422, message: 'The command value is outside the range the device accepts.' },
  invalid_command_value: { status: 422, message: 'The command value has the wrong type or is missing.' },
  command_rejected: { status: 422, message: 'The provider refused the command.' },
  provider_unavailable: { status: 503, message: 'The Dige provider could not be reached or did not answer in time.' },
  provider_auth_failed: { status: 502, message: 'The Dige provider refused our app credentials.' },
  provider_bad_response: { status: 502, message: 'The Dige provider answered with something its contract does not allow.' },
  verification_failed: { status: 502, message: 'The provider reports a state other than the one the command asked for.' },
  verification_timeout: { status: 504, message: 'The provider did not confirm the new state before the deadline.' },
  scheduler_unavailable: { status: 503, message: 'Scheduling needs the scheduler plugin, which is not loaded.' },
});
