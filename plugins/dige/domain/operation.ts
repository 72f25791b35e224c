// What happened to one control, and the rule that turns the provider's answers into that outcome.

/** The verification outcomes a recorded control can end in. */
export const OPERATION_OUTCOMES = ['verified', 'mismatch', 'timeout', 'rejected', 'failed'] as const;
export type OperationOutcome = (typeof OPERATION_OUTCOMES)[number];

/** How the provider describes an accepted command. */
export const PROVIDER_OPERATION_STATUSES = ['pending', 'applied', 'failed'] as const;
export type ProviderOperationStatus = (typeof PROVIDER_OPERATION_STATUSES)[number];

/** Where a control came from. */
export const CONTROL_CHANNELS = ['api', 'mcp', 'scheduler'] as const;
export type ControlChannel = (typeof CONTROL_CHANNELS)[number];

export interface VerificationRound {
  /** The provider's latest state equals the expected state. */
  readonly stateMatches: boolean;
  /** The provider's latest status of the operation; when it is not pending, the state was read after it. */
  readonly providerStatus: ProviderOperationStatus | null;
  readonly deadlinePassed: boolean;
}

/**
 * One step of verification: the provider's state decides success; the provider's own status decides when to stop
 * waiting (applied but different is a mismatch, failed is a failure); otherwise wait until the deadline.
 */
export function judgeRound(round: VerificationRound): Exclude<OperationOutcome, 'rejected'> | 'continue' {
  if (round.stateMatches) return 'verified';
  if (round.providerStatus === 'applied') return 'mismatch';
  if (round.providerStatus === 'failed') return 'failed';
  return round.deadlinePassed ? 'timeout' : 'continue';
}
