// createRequestGuard on its own: defaults from the real port, explicit hosts, origin normalisation.
import t from 'tap';
import { createRequestGuard } from '../../../kernel/mcp/request-guard.ts';

t.test('defaults accept the loopback names with the port, and nothing else', async (t) => {
  const guard = createRequestGuard({ port: 8100, allowedOrigins: [] });
  for (const host of ['127.0.0.1:8100', 'LOCALHOST:8100', '[::1]:8100']) t.equal(guard({ host }), undefined, host);
  t.equal(guard({ host: '127.0.0.1:8101' })?.code, 'host_forbidden');
  t.equal(guard({ host: '127.0.0.1' })?.code, 'host_forbidden');
  t.equal(guard({})?.code, 'host_forbidden', 'a request without Host is refused');
  t.equal(guard({ host: 'localhost:8100', origin: 'http://localhost:8100' }), undefined);
  t.equal(guard({ host: 'localhost:8100', origin: 'null' })?.code, 'origin_forbidden');
  t.equal(guard({ host: 'localhost:8100', origin: 'http://localhost:9999' })?.code, 'origin_forbidden');
});

t.test('explicit hosts replace the defaults; configured origins are normalised', async (t) => {
  const guard = createRequestGuard({
    port: 8100,
    allowedHosts: ['mcp.example.test'],
    allowedOrigins: ['https://console.example.test/'],
  });
  t.equal(guard({ host: 'mcp.example.test', origin: 'https://console.example.test' }), undefined);
  t.equal(guard({ host: '127.0.0.1:8100' })?.code, 'host_forbidden');
});

t.test('a malformed origin in the configuration fails at construction', async (t) => {
  t.throws(() => createRequestGuard({ port: 8100, allowedOrigins: ['not a url'] }));
});
