// The Dige variables: defaults that reach the simulator, and errors that name the variable without echoing a secret.
import t from 'tap';
import path from 'node:path';
import { ConfigError } from '../../../shared/config/load-config.ts';
import { SIM_APP_KEY, loadDigeConfig } from '../../../plugins/dige/config.ts';

t.test('without a provider URL the client talks to the simulator with its credentials', async (t) => {
  const config = loadDigeConfig({}, '/srv/nexus');
  t.same(config.provider, { baseUrl: 'http://127.0.0.1:8300', appKey: SIM_APP_KEY, appSecret: 'dige-sim-secret', simulated: true, timeoutMs: 5000 });
  t.same(config.verify, { timeoutMs: 10_000, pollMs: 250 });
  t.same(config.sim, { port: 8300, applyDelayMs: 800, stateFile: path.join('/srv/nexus/data', 'dige-sim', 'state.json') });
  t.equal(loadDigeConfig({ DIGE_SIM_PORT: '9300' }).provider.baseUrl, 'http://127.0.0.1:9300', 'the client follows the simulator port');
});

t.test('a real provider needs its key and secret', async (t) => {
  const env = { DIGE_PROVIDER_URL: 'https://api.dige.example/', DIGE_APP_KEY: 'k', DIGE_APP_SECRET: 'top-secret-value' };
  t.match(loadDigeConfig(env).provider, { baseUrl: 'https://api.dige.example', appKey: 'k', simulated: false });
  t.throws(() => loadDigeConfig({ DIGE_PROVIDER_URL: env.DIGE_PROVIDER_URL, DIGE_APP_SECRET: 'x' }), { message: /DIGE_APP_KEY is required/ });
  t.throws(() => loadDigeConfig({ DIGE_PROVIDER_URL: env.DIGE_PROVIDER_URL, DIGE_APP_KEY: 'x' }), { message: /DIGE_APP_SECRET is required/ });
});

t.test('a bad value names its variable; a bad secret is not repeated', async (t) => {
  const err = (env: NodeJS.ProcessEnv) => {
    try {
      loadDigeConfig(env);
    } catch (e) {
      return e as ConfigError;
    }
    throw new Error('expected an error');
  };
  t.match(err({ DIGE_PROVIDER_URL: 'ftp://x' }).message, /^Invalid configuration: DIGE_PROVIDER_URL .*"ftp:\/\/x"/);
  t.match(err({ DIGE_SIM_PORT: '70000' }).message, /DIGE_SIM_PORT .*70000/);
  t.match(err({ DIGE_PROVIDER_TIMEOUT_MS: 'soon' }).message, /DIGE_PROVIDER_TIMEOUT_MS/);
  const secret = err({ DIGE_APP_SECRET: 'x'.repeat(2000) });
  t.equal(secret.variable, 'DIGE_APP_SECRET');
  t.notMatch(secret.message, 'xxxx');
});
