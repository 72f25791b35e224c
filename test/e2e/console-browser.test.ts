// The web console in headless Chromium against the real processes: sign in, chat, decide three device controls, schedule, upload and search.
import t from 'tap';
import type { Page } from 'playwright-core';
import { ensureConsoleBuilt } from '../../console/scripts/ensure-built.ts';
import { startAgentStack } from '../helpers/agent-stack.ts';
import { browserMissing, openConsoleBrowser } from '../helpers/console-browser.ts';
import type { RecordedRequest, ServerTurn } from '../helpers/scripted-model-server.ts';

const CONTROLS = 'Turn on the lobby lights, dim the meeting room to 80 %, and open the office blinds fully.';
const calls = [
  { name: 'dige_control_device', arguments: { deviceId: 'light-lobby', command: 'turn_on' } },
  { name: 'dige_control_device', arguments: { deviceId: 'dimmer-meeting', command: 'set_brightness', value: 80 } },
  { name: 'dige_control_device', arguments: { deviceId: 'curtain-office', command: 'set_position', value: 100 } },
];

/** The model: small talk answers a greeting; the controls request asks for three controls in one turn, then sums up. */
function model(request: RecordedRequest): ServerTurn {
  const messages = (request.body.messages ?? []) as { role: string; content?: string | null; tool_calls?: unknown[] }[];
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const text = String(messages[lastUser]?.content ?? '');
  const route = text.includes('lobby lights') ? 'dige' : text.includes('boiler') ? 'rag' : 'small_talk';
  const tools = (request.body.tools ?? []) as { function: { name: string } }[];
  if (tools.some((tool) => tool.function.name === 'select_route')) return { toolCalls: [{ name: 'select_route', arguments: { route } }] };
  const acted = messages.slice(lastUser + 1).some((m) => m.role === 'assistant' && (m.tool_calls?.length ?? 0) > 0);
  if (route === 'dige') return acted ? { text: 'Done: the lobby lights are on and the meeting room is dimmed; the blinds stay as they are.' } : { toolCalls: calls };
  if (route === 'rag') return acted ? { text: 'Between 1.2 and 1.5 bar when cold, says the boiler manual.' } : { toolCalls: [{ name: 'rag_search', arguments: { query: 'boiler pressure' } }] };
  return { text: 'Hello! I am Nexus. I can find and control devices, answer from documents and schedule tasks.' };
}

async function main() {
  // Starting every process takes most of a minute on a busy machine; the browser steps take about half a minute more.
  t.setTimeout(240_000);
  const [stack] = await Promise.all([startAgentStack(t, { plugins: ['dige', 'scheduler', 'rag', 'chipchat'] }), ensureConsoleBuilt({ quiet: true })]);
  stack.model.respond(model);
  const operatorToken = await stack.token('olivia', 'operator');
  const ui = await openConsoleBrowser(t, stack.apiUrl);
  const { page } = ui;

  async function signIn(p: Page, token: string) {
    await p.goto('/');
    // Keyboard only: the token field has focus, Enter submits.
    await p.getByLabel('Access token').focus();
    await p.keyboard.type(token);
    await p.keyboard.press('Enter');
    await p.getByTestId('caller').waitFor();
  }

  async function signOut(p: Page) {
    await p.getByRole('button', { name: 'Sign out' }).click();
    await p.getByLabel('Access token').waitFor();
  }

  const nav = (name: string) => page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name, exact: true });

  t.test('sign in with a token kept in session storage, and the role decides the screens', async (t) => {
    await page.goto('/');
    await ui.shot('01-sign-in');
    await signIn(page, operatorToken);
    t.equal(await page.getByTestId('caller').textContent(), 'olivia');
    t.notMatch(page.url(), /nxt_/, 'the token never appears in the URL');
    t.equal(await page.evaluate("Object.values(sessionStorage).some((v) => v.startsWith('nxt_'))"), true, 'it is in session storage');
    for (const screen of ['Chat', 'Schedules', 'Devices', 'Knowledge', 'Audit', 'System']) t.equal(await nav(screen).count(), 1, `${screen} is offered`);
    t.equal(await nav('Reviews').count(), 0, 'an operator may not review, so Reviews is not offered');
    await page.reload();
    await page.getByTestId('caller').waitFor();
    t.pass('a reload keeps the session');
  });

  t.test('chat a turn: the answer streams into a new conversation', async (t) => {
    await nav('Chat').click();
    await page.getByRole('button', { name: 'New conversation' }).click();
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('Hello there!');
    await composer.press('Enter');
    const answer = page.getByTestId('assistant-message').filter({ hasText: 'Hello! I am Nexus' });
    await answer.waitFor();
    t.equal(await page.getByTestId('user-message').filter({ hasText: 'Hello there!' }).count(), 1);

    await composer.fill(CONTROLS);
    await page.getByRole('button', { name: 'Send' }).click();
    const notice = page.getByTestId('pending-notice');
    await notice.waitFor();
    t.match(await notice.textContent(), /dige_control_device.*light-lobby.*role admin/s, 'the conversation says what waits and for whom');
    await ui.shot('02-chat');
    await signOut(page);
  });

  t.test('reviews: approve, edit and reject three pending controls; devices and audit agree', async (t) => {
    await signIn(page, stack.adminToken);
    await nav('Reviews').click();
    const review = page.getByTestId('pending-review').filter({ hasText: CONTROLS });
    await review.waitFor();
    t.match(await review.textContent(), /olivia.*\(operator\)/s, 'the requester is shown');
    const items = review.getByTestId('review-item');
    t.equal(await items.count(), 3);
    t.match(await items.nth(1).textContent(), /dimmer-meeting.*set_brightness.*80/s, 'arguments are shown field by field');

    await items.nth(0).getByRole('radio', { name: 'Approve' }).check();
    await items.nth(1).getByRole('radio', { name: 'Edit' }).check();
    const deviceId = items.nth(1).getByRole('textbox', { name: 'Device id' });
    await deviceId.fill('');
    await review.getByRole('button', { name: 'Send decisions' }).click();
    await items.nth(2).getByText('Choose a decision').waitFor();
    t.ok(await items.nth(1).getByText('is required').isVisible(), 'an edit is validated against the tool schema before sending');
    await deviceId.fill('dimmer-meeting');
    await items.nth(1).getByRole('textbox', { name: 'Value' }).fill('30');
    await items.nth(2).getByRole('radio', { name: 'Reject' }).check();
    await items.nth(2).getByLabel('Reason').fill('Keep the blinds as they are.');
    await page.evaluate('window.scrollTo(0, 0)');
    await ui.shot('03-reviews');
    await review.getByRole('button', { name: 'Send decisions' }).click();
    await page.getByTestId('notifications').getByText(/the run completed/).waitFor({ timeout: 30_000 });
    await page.getByTestId('empty-state').filter({ hasText: 'Nothing waits for a review.' }).waitFor();

    await page.getByRole('tab', { name: 'History' }).click();
    const decided = page.getByTestId('decided-review').filter({ hasText: CONTROLS });
    await decided.getByRole('button').first().click();
    await decided.getByRole('table', { name: 'Decisions' }).waitFor();
    t.match(await decided.textContent(), /approve.*edit.*reject/s, 'history shows what was decided, by whom');
    t.match(await decided.textContent(), /admin \(admin\)/);

    await nav('Devices').click();
    const state = (device: string, key: string) => page.getByTestId(`device-${device}`).locator(`[data-state-key="${key}"]`);
    await state('light-lobby', 'on').filter({ hasText: 'on' }).waitFor();
    t.equal(await state('dimmer-meeting', 'brightness').textContent(), '30', 'the edited brightness, not the asked one');
    t.equal(await state('curtain-office', 'position').textContent(), '50', 'the rejected control changed nothing');
    const sim = await stack.simState();
    t.match(sim.devices.find((d) => d.id === 'light-lobby')?.state, { on: true });
    t.match(sim.devices.find((d) => d.id === 'dimmer-meeting')?.state, { brightness: 30 });
    t.match(sim.devices.find((d) => d.id === 'curtain-office')?.state, { position: 50 });
    await page.getByRole('button', { name: 'Open Meeting room lights' }).click();
    await page.getByRole('table', { name: 'Device history' }).waitFor();
    await ui.shot('04-devices');
    await page.keyboard.press('Escape');

    await nav('Audit').click();
    await page.getByRole('table', { name: 'Agent runs' }).getByRole('row').filter({ hasText: CONTROLS }).getByRole('link').click();
    const entries = page.getByTestId('audit-tool-call');
    await entries.first().waitFor();
    t.equal(await entries.count(), 3, 'three tool calls in the timeline');
    const entry = async (device: string) => (await entries.filter({ hasText: device }).textContent()) ?? '';
    t.match(await entry('light-lobby'), /completed.*approve.*reviewed by admin.*verified/s, 'approved: run and verified');
    t.match(await entry('dimmer-meeting'), /completed.*edit.*reviewed by admin.*"value": 30/s, 'edited: run with the edited value');
    t.match(await entry('curtain-office'), /refused.*reject.*Keep the blinds as they are\./s, 'rejected: not run, with the reason');
    const timelineEntries = await page.locator('[data-testid="audit-model-step"], [data-testid="audit-tool-call"]').all();
    const timeline = await Promise.all(timelineEntries.map((entry) => entry.getAttribute('data-testid')));
    t.same(timeline, ['audit-model-step', 'audit-model-step', 'audit-tool-call', 'audit-tool-call', 'audit-tool-call', 'audit-model-step'], 'routing, the step that asked for the controls, the three calls, the summing-up step');
    const steps = page.getByTestId('audit-model-step');
    t.match(await steps.nth(0).textContent(), /routing.*select_route/s, 'the routing call is a step of its own');
    t.match(await steps.nth(1).textContent(), /in \/ \d+ out tokens.*Asked for.*dige_control_device/s, 'a step shows its tokens and the calls it asked for');
    t.match(await steps.nth(2).textContent(), /Done: the lobby lights are on/, 'the last step shows what the model wrote');
    await ui.shot('05-audit');
  });

  t.test('schedules: create a goal task with a live cron preview', async (t) => {
    await nav('Schedules').click();
    await page.getByRole('button', { name: 'New task' }).click();
    const form = page.getByRole('form', { name: 'New scheduled task' });
    await form.getByLabel('Title').fill('Morning check');
    await form.getByLabel('What it does').selectOption('scheduler.goal');
    await form.getByLabel('Goal').fill('Tell me which devices are offline.');
    await form.getByLabel('Cron expression').fill('30 7 * * 1-5');
    await form.getByLabel('Time zone').selectOption('America/New_York');
    const fireTimes = page.getByTestId('cron-fire-times').getByRole('listitem');
    await fireTimes.nth(4).filter({ hasText: 'America/New_York' }).waitFor();
    t.equal(await fireTimes.count(), 5, 'the next five fire times');
    t.match(await fireTimes.first().textContent(), /07:30.*America\/New_York/s, 'in the task zone');
    t.match(await fireTimes.first().textContent(), /your time/, 'and in the viewer zone');
    await ui.shot('06-schedule-create');
    await form.getByRole('button', { name: 'Schedule' }).click();
    const row = page.getByTestId('tasks-table').getByRole('row').filter({ hasText: 'Morning check' });
    await row.waitFor();
    t.match(await row.textContent(), /30 7 \* \* 1-5 \(America\/New_York\).*active/s);
    await ui.shot('07-schedules');
  });

  t.test('knowledge: upload a document, watch it ingest, find it by search, and see it cited in chat', async (t) => {
    await nav('Knowledge').click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'boiler-manual.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Boiler manual\n\n## Pressure\n\nThe boiler pressure should read between 1.2 and 1.5 bar when cold. Top it up through the filling loop.\n\n## Service\n\nHave it serviced every autumn.\n'),
    });
    await page.getByLabel('Title').fill('Boiler manual');
    await page.getByRole('button', { name: 'Upload' }).click();
    const row = page.getByTestId('document-row').filter({ hasText: 'Boiler manual' });
    await row.filter({ hasText: 'ready' }).waitFor({ timeout: 60_000 });
    await page.getByRole('search').getByLabel('Search').fill('what pressure should the boiler have');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    const results = page.getByTestId('search-results').getByRole('listitem');
    await results.first().waitFor();
    const first = (await results.first().textContent()) ?? '';
    t.match(first, /Boiler manual/);
    t.match(first, /Pressure/, 'the heading path');
    t.match(first, /1\.2 and 1\.5 bar/, 'the quoted span');
    t.match(first, /score \d\.\d{3}/, 'the fused score');
    await page.getByTestId('search-results').scrollIntoViewIfNeeded();
    await ui.shot('08-knowledge');

    await nav('Chat').click();
    await page.getByRole('button', { name: 'New conversation' }).click();
    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('What pressure should the boiler have?');
    await composer.press('Enter');
    const sources = page.getByTestId('assistant-message').filter({ hasText: '1.2 and 1.5 bar' }).getByTestId('message-sources');
    await sources.waitFor();
    t.match(await sources.textContent(), /Boiler manual.*Pressure.*1\.2 and 1\.5 bar/s, 'a RAG answer in chat shows its source, heading path and span');
    await ui.shot('09-chat-sources');
  });

  t.test('system screen, and the console at a phone width', async (t) => {
    await nav('System').click();
    await page.getByRole('table', { name: 'MCP tools' }).waitFor();
    t.match(await page.getByRole('table', { name: 'Plugins' }).textContent(), /chipchat.*dige.*rag.*scheduler/s);
    await ui.shot('10-system');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav('Devices').click();
    await page.getByTestId('device-light-lobby').waitFor();
    await page.waitForTimeout(500); // the navigation drawer's closing transition
    await ui.shot('11-phone-devices');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  t.test('no console errors on any screen', async (t) => {
    t.same(ui.errors, []);
  });
}

// CI installs Chromium and sets NEXUS_REQUIRE_BROWSER=1, so there a missing browser fails instead of skipping.
const missing = process.env.NEXUS_REQUIRE_BROWSER === '1' ? undefined : browserMissing();
if (missing) t.plan(0, `web console browser tests skipped: ${missing}`);
else await main();
