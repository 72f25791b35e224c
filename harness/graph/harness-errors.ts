// The harness's error registry (runs and its HTTP service), declared like every registry (code = key, status, message), and the mapping to RunError.
import type { RunError } from '../../shared/contracts/run-result.ts';
import { defineErrors, isAppError } from '../../shared/errors/app-error.ts';
import { isModelError } from '../models/model-errors.ts';

export const harnessErrors = defineErrors({
  invalid_request: { status: 400, message: 'The run request is invalid.' },
  run_exists: { status: 409, message: 'A run with this id already exists.' },
  run_not_found: { status: 404, message: 'No checkpoint exists for this run.' },
  resume_refused: { status: 409, message: 'The run is not waiting for a review decision.' },
  run_not_active: { status: 409, message: 'The run has already finished; there is nothing to cancel.' },
  invalid_review_decision: { status: 400, message: 'The review decisions do not match the pending calls.' },
  invalid_model_output: { status: 502, message: 'The model returned a message the graph cannot use.' },
  empty_answer: { status: 502, message: 'The model answered with neither text nor a tool call.' },
  model_output_truncated: {
    status: 502,
    message: 'The model stopped at its token limit in the middle of a tool call, so no call of that answer ran; raise `maxTokens` in the profile\'s model section.',
  },
  limit_exceeded: { status: 422, message: 'The run reached one of its limits.' },
  loop_detected: { status: 422, message: 'The model repeated the same tool call.' },
  cancelled: { status: 499, message: 'The run was cancelled.' },
  invariant_violation: { status: 500, message: 'A graph invariant was violated.' },
  checkpoint_conflict: { status: 409, message: 'The checkpoint was written by someone else first.' },
  internal_error: { status: 500, message: 'The run failed unexpectedly.' },
  model_not_configured: {
    status: 503,
    message:
      'No model is configured. Add a `model` section to the runtime profile (provider: openai or anthropic, baseUrl, ' +
      'model, and apiKeyEnv naming the environment variable that holds the key), then set that variable.',
  },
  unknown_role: { status: 403, message: 'The caller\'s role is not in the runtime profile.' },
  identity_mismatch: { status: 403, message: 'The run belongs to another user.' },
  unknown_route: { status: 400, message: 'The pinned route or skill does not exist.' },
  skill_unavailable: { status: 500, message: 'The chosen skill could not be read.' },
  unauthorized: { status: 401, message: 'A valid service token is required.' },
  route_not_found: { status: 404, message: 'No such route.' },
  invalid_json: { status: 400, message: 'The body is not valid JSON.' },
  payload_too_large: { status: 413, message: 'The body is too large.' },
});

/** How a failure is reported in the RunResult; unexpected errors keep their message, never their stack. */
export function toRunError(err: unknown, node: string | undefined): RunError {
  const error: RunError = isAppError(err)
    ? { code: err.code, message: err.message }
    : isModelError(err)
      ? { code: err.code, message: err.message }
      : { code: 'internal_error', message: err instanceof Error ? err.message : String(err) };
  if (isAppError(err) && err.details !== undefined) error.details = err.details;
  if (node !== undefined) error.node = node;
  return error;
}
