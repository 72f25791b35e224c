// The harness process's pino logger, with credentials redacted wherever a log call might carry them.
import { pino, type Logger } from 'pino';

const SECRET_KEYS = ['authorization', 'serviceSecret', 'secret', 'token', 'apiKey', 'api_key', 'mongodbUri', 'password'];

function redactPaths(): string[] {
  return SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `req.headers.${key}`]);
}

export function createHarnessLogger(options: { level: string; destination?: NodeJS.WritableStream }): Logger {
  const config = {
    name: 'harness',
    level: options.level,
    redact: { paths: redactPaths(), censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.err },
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return options.destination ? pino(config, options.destination as pino.DestinationStream) : pino(config);
}
