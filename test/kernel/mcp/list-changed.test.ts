// A catalog change reaches every connected session as notifications/tools/list_changed, and the next listing shows it.
import t from 'tap';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ALICE_TOKEN, BOB_TOKEN, connectClient, extraTool, startTestHost } from './fixtures.ts';

const host = await startTestHost();
t.teardown(() => host.close());

/**
 * Resolves once the client's standalone SSE stream (its GET) has been accepted: only then can the server push to it.
 * The client opens that stream on its own after connect() resolves, so the test waits for it instead of sleeping.
 */
function watchStandaloneStream(): { fetch: FetchLike; opened: Promise<void> } {
  let markOpened!: () => void;
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  const watching: FetchLike = async (url, init) => {
    const response = await fetch(url, init);
    if (init?.method === 'GET' && response.ok) markOpened();
    return response;
  };
  return { fetch: watching, opened };
}

function toolsChanged(): {
  onToolsChanged: (error: Error | null, tools: readonly { name: string }[] | null) => void;
  next: Promise<string[]>;
} {
  let settle!: (names: string[]) => void;
  let fail!: (err: Error) => void;
  const next = new Promise<string[]>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  return {
    onToolsChanged: (error, tools) => (error === null ? settle((tools ?? []).map((tool) => tool.name)) : fail(error)),
    next,
  };
}

t.test('every connected client is told, and sees the new tool as its role allows', async (t) => {
  const aliceStream = watchStandaloneStream();
  const aliceChanges = toolsChanged();
  const alice = await connectClient(host.url, ALICE_TOKEN, {
    fetch: aliceStream.fetch,
    onToolsChanged: aliceChanges.onToolsChanged,
  });
  t.teardown(() => alice.close());

  const bobStream = watchStandaloneStream();
  const bobChanges = toolsChanged();
  const bob = await connectClient(host.url, BOB_TOKEN, {
    fetch: bobStream.fetch,
    onToolsChanged: bobChanges.onToolsChanged,
  });
  t.teardown(() => bob.close());

  await Promise.all([aliceStream.opened, bobStream.opened]);
  t.notOk((await alice.listTools()).tools.some((tool) => tool.name === 'demo_extra'));

  host.catalog.add(extraTool);

  const [aliceTools, bobTools] = await Promise.all([aliceChanges.next, bobChanges.next]);
  t.ok(aliceTools.includes('demo_extra'));
  t.notOk(aliceTools.includes('demo_admin_reset'), 'the refreshed list is still filtered by role');
  t.ok(bobTools.includes('demo_extra'));
  t.ok(bobTools.includes('demo_admin_reset'));
});
