// The plugin's variables: defaults, and validation that names the variable.
import t from 'tap';
import { loadChipchatConfig } from '../../../plugins/chipchat/config.ts';

t.test('defaults: 4000 characters, a look at the store every second', async (t) => {
  t.same(loadChipchatConfig({}), { maxMessageChars: 4000, notifyPollMs: 1000 });
  t.same(loadChipchatConfig({ CHIPCHAT_MAX_MESSAGE_CHARS: '50', CHIPCHAT_NOTIFY_POLL_MS: '250' }), { maxMessageChars: 50, notifyPollMs: 250 });
});

t.test('bad values stop start-up with the variable named', async (t) => {
  t.throws(() => loadChipchatConfig({ CHIPCHAT_MAX_MESSAGE_CHARS: '0' }), /CHIPCHAT_MAX_MESSAGE_CHARS/);
  t.throws(() => loadChipchatConfig({ CHIPCHAT_MAX_MESSAGE_CHARS: '20001' }), /CHIPCHAT_MAX_MESSAGE_CHARS/);
  t.throws(() => loadChipchatConfig({ CHIPCHAT_NOTIFY_POLL_MS: 'often' }), /CHIPCHAT_NOTIFY_POLL_MS/);
  t.throws(() => loadChipchatConfig({ CHIPCHAT_NOTIFY_POLL_MS: '5' }), /CHIPCHAT_NOTIFY_POLL_MS/);
});
