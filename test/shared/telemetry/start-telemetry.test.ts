// Tracing set-up in a real process: off without OTEL_* (the SDK is never loaded), http/json when asked, the service name,
// and MongoDB commands as child spans of the span that issued them (the driver is instrumented although imported by ESM).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { NO_MONGO_SERVER_REASON, startMongoTestServer, uniqueDbName } from '../../helpers/ferretdb.ts';
import { startOtlpReceiver } from '../../helpers/otlp-receiver.ts';
import { tempDirFor } from '../../helpers/temp-dir.ts';
import { projectRoot } from '../../helpers/test-env.ts';
import { tracingRequested } from '../../../shared/telemetry/telemetry-switch.ts';

const run = promisify(execFile);
const PROBE = path.join(projectRoot, 'test/fixtures/telemetry/store-probe.ts');

/** The probe's environment holds nothing OTEL_* from this process, only what a case sets. */
async function probe(t: { teardown(fn: () => unknown): void }, env: NodeJS.ProcessEnv) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_') && name !== 'MONGODB_URI'));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', PROBE], { cwd: projectRoot, env: { ...base, PROBE_DATA_DIR: await tempDirFor(t), ...env } });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { enabled: boolean; sdkLoaded: boolean; traceId: string };
}

t.test('the switch follows the standard variables', async (t) => {
  t.equal(tracingRequested({}), false, 'nothing set: off');
  t.equal(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }), true);
  t.equal(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' }), true);
  t.equal(tracingRequested({ OTEL_TRACES_EXPORTER: 'console' }), true);
  t.equal(tracingRequested({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }), false, 'none wins');
  t.equal(tracingRequested({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }), false, 'disabled wins');
  t.equal(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }), false, 'a blank endpoint is no endpoint');
});

t.test('off: the SDK is not loaded and nothing is sent', async (t) => {
  const receiver = await startOtlpReceiver();
  t.teardown(() => receiver.close());
  const out = await probe(t, {});
  t.same(out, { enabled: false, sdkLoaded: false, traceId: '00000000000000000000000000000000' });
  t.equal(receiver.requests(), 0);
});

t.test('http/json on request, with the process service name unless OTEL_SERVICE_NAME overrides it', async (t) => {
  const receiver = await startOtlpReceiver();
  t.teardown(() => receiver.close());
  const json = await probe(t, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json' });
  t.match(json, { enabled: true, sdkLoaded: true });
  t.same(receiver.contentTypes, new Set(['application/json']));
  t.match(receiver.spans.find((span) => span.traceId === json.traceId), { name: 'probe', service: 'nexus-probe' });
  const named = await probe(t, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_SERVICE_NAME: 'edge-nexus' });
  t.equal(receiver.spans.find((span) => span.traceId === named.traceId)?.service, 'edge-nexus');
});

const server = await startMongoTestServer();
if (server !== undefined) t.teardown(() => server.stop());
t.test('MongoDB commands are child spans of the span that issued them', { skip: server === undefined ? NO_MONGO_SERVER_REASON : false }, async (t) => {
  if (server === undefined) return;
  const receiver = await startOtlpReceiver();
  t.teardown(() => receiver.close());
  const out = await probe(t, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, MONGODB_URI: server.uri, MONGODB_DB: uniqueDbName('nexus_trace') });
  const spans = receiver.spans.filter((span) => span.traceId === out.traceId);
  const root = spans.find((span) => span.name === 'probe');
  const commands = spans.filter((span) => span.attributes['db.system'] === 'mongodb' || span.attributes['db.system.name'] === 'mongodb');
  t.ok(root, 'the probe span arrived');
  t.ok(commands.length >= 2, `the insert and the find are traced (${spans.map((s) => s.name).join(', ')})`);
  for (const command of commands) t.equal(command.parentSpanId, root?.spanId, `${command.name} is a child of the probe span`);
});
