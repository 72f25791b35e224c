// Errors the kernel itself raises; plugins declare theirs in their own errors.ts.
import { defineErrors } from './app-error.ts';

export const kernelErrors = defineErrors({
  unauthorized: { status: 401, message: 'A valid bearer token is required.' },
  token_expired: { status: 401, message: 'The access token has expired.' },
  token_revoked: { status: 401, message: 'The access token has been revoked.' },
  forbidden: { status: 403, message: 'Your role may not do this.' },
  origin_forbidden: { status: 403, message: 'Requests from this origin are not allowed.' },
  host_forbidden: { status: 403, message: 'Requests for this host are not allowed.' },
  not_found: { status: 404, message: 'Nothing is here.' },
  route_not_found: { status: 404, message: 'No route matches this method and path.' },
  validation_failed: { status: 400, message: 'The request is not valid.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  unsupported_media_type: { status: 415, message: 'This content type is not accepted here.' },
  payload_too_large: { status: 413, message: 'The request body is larger than allowed.' },
  conflict: { status: 409, message: 'The request conflicts with the current state.' },
  unknown_role: { status: 400, message: 'The role is not defined in the profile.' },
  tool_not_found: { status: 404, message: 'No such tool.' },
  plugin_unavailable: { status: 503, message: 'The plugin is not loaded.' },
  service_unavailable: { status: 503, message: 'A service this request needs is not available.' },
  internal_error: { status: 500, message: 'Something went wrong on our side.' },
});
