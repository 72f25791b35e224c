// Tokens are stored hashed, expire and revoke; service calls re-resolve the user they act for and never trust a claimed role.
import t from 'tap';
import { createEmbeddedStore } from '../../../shared/store/embedded/embedded-store.ts';
import { createTokenRepository, TOKENS_COLLECTION } from '../../../kernel/identity/token-repository.ts';
import { createTokenService } from '../../../kernel/identity/token-service.ts';
import { createHeaderAuthenticator } from '../../../kernel/identity/header-authenticator.ts';
import { bootstrapAdminToken } from '../../../kernel/identity/bootstrap-admin.ts';
import { tempDirFor } from '../../helpers/temp-dir.ts';

const store = createEmbeddedStore({ dataDir: await tempDirFor(t) });
t.teardown(() => store.close());
let now = new Date('2026-11-29T10:00:00Z');
const roles = new Set(['admin', 'operator']);
const tokens = createTokenService({ repository: await createTokenRepository(store), access: { hasRole: (r) => roles.has(r) }, now: () => now });
const secret = 's'.repeat(40);
const auth = createHeaderAuthenticator({ tokens, serviceSecret: secret });

t.test('a created token resolves to its user and role, and only its hash is stored', async (t) => {
  const { token, summary } = await tokens.create({ userId: 'alice', role: 'operator', label: 'laptop' });
  t.match(token, /^nxt_[A-Za-z0-9_-]{43}$/);
  t.same(await tokens.resolve(token), { userId: 'alice', role: 'operator', tokenId: summary.id, via: 'user' });
  const raw = JSON.stringify(await store.collection(TOKENS_COLLECTION).find({}).toArray());
  t.notMatch(raw, token.slice(4), 'the token itself is never stored');
});

t.test('bad creation input is refused with a clear error', async (t) => {
  await t.rejects(tokens.create({ userId: 'bob', role: 'wizard' }), { code: 'unknown_role' });
  await t.rejects(tokens.create({ userId: 'bad user!', role: 'admin' }), { code: 'validation_failed' });
  await t.rejects(tokens.create({ userId: 'bob', role: 'admin', expiresInDays: -1 }), { code: 'validation_failed' });
});

t.test('expiry and revocation', async (t) => {
  const { token, summary } = await tokens.create({ userId: 'carol', role: 'operator', expiresInDays: 1 });
  now = new Date(now.getTime() + 2 * 86_400_000);
  await t.rejects(tokens.resolve(token), { code: 'token_expired' });
  const { token: other } = await tokens.create({ userId: 'carol', role: 'operator' });
  t.equal(await tokens.revoke({ userId: 'carol' }), 2);
  await t.rejects(tokens.resolve(other), { code: 'token_revoked' });
  t.notOk((await tokens.list()).some((x) => x.id === summary.id), 'revoked tokens are hidden by default');
  t.ok((await tokens.list({ includeRevoked: true })).some((x) => x.id === summary.id));
});

t.test('service calls carry the user; the receiving side re-resolves the role', async (t) => {
  const { token, summary } = await tokens.create({ userId: 'dave', role: 'operator' });
  const identity = await auth.authenticate({ authorization: `Bearer ${secret}`, 'x-nexus-on-behalf-of': 'dave', 'x-nexus-credential-id': summary.id, 'x-nexus-role': 'admin' });
  t.same(identity, { userId: 'dave', role: 'operator', tokenId: summary.id, via: 'service' }, 'a claimed role header is ignored');
  await t.rejects(auth.authenticate({ authorization: `Bearer ${secret}` }), { code: 'unauthorized' }, 'a service call must name its user');
  await t.rejects(auth.authenticate({ authorization: `Bearer ${secret}`, 'x-nexus-on-behalf-of': 'eve', 'x-nexus-credential-id': summary.id }), { code: 'unauthorized' }, 'the credential must belong to that user');
  await tokens.revoke({ id: summary.id });
  await t.rejects(auth.authenticate({ authorization: `Bearer ${secret}`, 'x-nexus-on-behalf-of': 'dave', 'x-nexus-credential-id': summary.id }), { code: 'token_revoked' });
  await t.rejects(auth.authenticate({ authorization: `Bearer ${token}` }), { code: 'token_revoked' });
  await t.rejects(auth.authenticate({ authorization: 'Bearer wrong-secret' }), { code: 'unauthorized' });
});

t.test('the first start creates one admin token, even when two processes race', async (t) => {
  const fresh = createEmbeddedStore({ dataDir: await tempDirFor(t) });
  t.teardown(() => fresh.close());
  const svc = createTokenService({ repository: await createTokenRepository(fresh), access: { hasRole: () => true } });
  const results = await Promise.all([bootstrapAdminToken(fresh, svc), bootstrapAdminToken(fresh, svc)]);
  t.equal(results.filter((r) => r !== null).length, 1);
  t.equal((await svc.list()).length, 1);
  t.equal(await bootstrapAdminToken(fresh, svc), null, 'later starts create nothing');
});
