// The one error model of every process: each expected failure is an AppError with a stable code, an HTTP status and a plain message.

/** Brand shared across module copies (plugins are loaded in their own module namespaces, so instanceof is unreliable). */
const APP_ERROR_BRAND = Symbol.for('nexus.app-error');

export interface ErrorSpec {
  readonly status: number;
  readonly message: string;
}

export class AppError extends Error {
  readonly [APP_ERROR_BRAND] = true;
  readonly code: string;
  readonly status: number;
  readonly details: unknown;

  constructor(code: string, status: number, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/** True for an AppError from any module copy; with `code`, only for that one. */
export function isAppError(err: unknown, code?: string): err is AppError {
  return typeof err === 'object' && err !== null && (err as Record<symbol, unknown>)[APP_ERROR_BRAND] === true && (code === undefined || (err as AppError).code === code);
}

export type ErrorFactory = ((details?: unknown, message?: string) => AppError) & {
  readonly code: string;
  readonly status: number;
  readonly message: string;
};

/**
 * Declares a registry of errors whose codes equal their keys, so a code cannot drift from its name.
 * Each entry becomes a factory: `errors.device_not_found({ deviceId })`.
 */
export function defineErrors<const T extends Record<string, ErrorSpec>>(specs: T): { readonly [K in keyof T]: ErrorFactory } {
  const out: Record<string, ErrorFactory> = {};
  for (const [code, spec] of Object.entries(specs)) {
    if (!/^[a-z][a-z0-9_]*$/.test(code)) throw new Error(`error code "${code}" must be snake_case`);
    if (!Number.isInteger(spec.status) || spec.status < 400 || spec.status > 599) {
      throw new Error(`error "${code}" has status ${spec.status}; errors use 4xx or 5xx`);
    }
    const factory = (details?: unknown, message?: string) => new AppError(code, spec.status, message ?? spec.message, details);
    out[code] = Object.assign(factory, { code, status: spec.status, message: spec.message });
  }
  return out as { readonly [K in keyof T]: ErrorFactory };
}
