// Credentials never reach the log, wherever they sit in a logged object.
import t from 'tap';
import { PassThrough } from 'node:stream';
import { createLogger } from '../../../shared/logging/create-logger.ts';

t.test('tokens, secrets and passwords are redacted', async (t) => {
  const sink = new PassThrough();
  const lines: string[] = [];
  sink.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  const logger = createLogger({ level: 'info', name: 'test', destination: sink });
  logger.info({
    req: { headers: { authorization: 'Bearer nxt_topsecret1', 'x-nexus-service-secret': 'svc-secret-2' } },
    password: 'hunter3',
    provider: { appSecret: 'app-secret-4', accessToken: 'tok-5' },
    login: { body: { password: 'pw-6' } },
    kept: 'visible',
  }, 'something happened');
  logger.child({ plugin: 'x' }).warn({ token: 'tok-7', apiKey: 'key-8' }, 'child');
  await new Promise((r) => setImmediate(r));
  const out = lines.join('');
  for (const secret of ['nxt_topsecret1', 'svc-secret-2', 'hunter3', 'app-secret-4', 'tok-5', 'pw-6', 'tok-7', 'key-8']) {
    t.notMatch(out, secret, `${secret} is not logged`);
  }
  t.match(out, 'visible');
  t.match(out, '[redacted]');
});
