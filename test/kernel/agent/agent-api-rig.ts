// The API process against a harness double that speaks the harness's HTTP contract, for the agent-run and review tests.
import path from 'node:path';
import type { Writable } from 'node:stream';
import { createKernel, type Kernel } from '../../../kernel/boot/create-kernel.ts';
import { createApiServer, type ApiServer } from '../../../kernel/http/create-api-server.ts';
import { startHarnessDouble, type HarnessDouble } from '../../../kernel/testing/harness-double.ts';
import { createTestEnv, projectRoot, type TestEnv } from '../../helpers/test-env.ts';
import type { Clock, Timers } from '../../../kernel/kit/clock.ts';

export interface AgentApiRig {
  readonly harness: HarnessDouble;
  readonly te: TestEnv;
  readonly kernel: Kernel;
  readonly server: ApiServer;
  /** GET without a payload, POST with one, as the token's owner. */
  call(url: string, token: string, payload?: unknown): Promise<{ status: number; body: any; raw: Awaited<ReturnType<ApiServer['app']['inject']>> }>;
}

export async function startAgentApi(
  t: { teardown(fn: () => unknown): void },
  options: { env?: NodeJS.ProcessEnv; logDestination?: Writable; clock?: Clock & Timers } = {},
): Promise<AgentApiRig> {
  const secret = 'agent-api-test-secret-0123456789abcdef';
  const harness = await startHarnessDouble(secret);
  t.teardown(() => harness.close());
  const te = await createTestEnv(t, {
    env: {
      NEXUS_SERVICE_SECRET: secret,
      NEXUS_HARNESS_URL: harness.url,
      NEXUS_RUNTIME_PROFILE_PATH: path.join(projectRoot, 'test/fixtures/profiles/agent-profile.yaml'),
      ...options.env,
    },
  });
  const kernel = await createKernel({ process: 'api', env: te.env, watchProfile: false, ...(options.logDestination ? { logDestination: options.logDestination } : {}), ...(options.clock ? { clock: options.clock } : {}) });
  const server = await createApiServer(kernel);
  t.teardown(async () => {
    await server.close();
    await kernel.close();
  });
  return {
    harness, te, kernel, server,
    async call(url, token, payload) {
      const raw = await server.app.inject({ method: payload === undefined ? 'GET' : 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });
      return { status: raw.statusCode, body: raw.json(), raw };
    },
  };
}
