// Errors of model calls, each with a stable code; `retryable` tells the HTTP client whether another attempt may help.
export type ModelErrorCode =
  | 'model_api_key_missing'
  | 'model_http_error'
  | 'model_rate_limited'
  | 'model_unavailable'
  | 'model_timeout'
  | 'model_network_error'
  | 'model_cancelled'
  | 'model_bad_response';

export class ModelError extends Error {
  override readonly name = 'ModelError';
  constructor(
    readonly code: ModelErrorCode,
    message: string,
    readonly details: { status?: number; retryable?: boolean; attempts?: number } = {},
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.details.retryable === true;
  }
}

export function isModelError(err: unknown): err is ModelError {
  return err instanceof ModelError;
}
