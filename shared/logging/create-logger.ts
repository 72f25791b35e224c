// The one logger (pino) of every process, the harness included: children of it carry request and run ids, and credentials are redacted wherever they appear.
import { pino, type Logger, type LoggerOptions } from 'pino';

/** Key names whose values are never written to a log, at any depth we know of. */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'password',
  'secret',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'apiKey',
  'api_key',
  'appSecret',
  'app_secret',
  'serviceSecret',
  'clientSecret',
  'mongodbUri',
  'x-nexus-service-secret',
];

function redactPaths(): string[] {
  const paths: string[] = [];
  for (const key of SECRET_KEYS) {
    const k = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
    const dot = k.startsWith('[') ? '' : '.';
    paths.push(k, `*${dot}${k}`, `*.*${dot}${k}`, `req.headers${dot}${k}`, `res.headers${dot}${k}`);
  }
  return paths;
}

export interface CreateLoggerOptions {
  readonly level: string;
  readonly name: string;
  /** Where lines go; stdout when omitted. Tests pass a stream to assert what was logged. */
  readonly destination?: NodeJS.WritableStream;
}

export function createLogger(options: CreateLoggerOptions): Logger {
  const config: LoggerOptions = {
    name: options.name,
    level: options.level,
    redact: { paths: redactPaths(), censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.err },
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return options.destination ? pino(config, options.destination as pino.DestinationStream) : pino(config);
}

export type { Logger };
