// @vitest-environment node
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { endpointNames, type EndpointName } from '#contract/endpoints';
import { feedNames, feeds, type FeedName } from '#contract/feeds';
import { CALL_ACCESS } from '#contract/access/calls';
import { FEED_ACCESS } from '#contract/access/feeds';
import { PUBLIC } from '#contract/rules/permissions';
import { demoAccount } from '../../server/demo-accounts';
import { handlers } from '../../server/handlers';
import { CODE } from '../../server/http/envelope';
import { signedInServer } from './helpers';
import { USERS, allowed, type User } from '../../scripts/authorization-matrix';

const s = signedInServer();
/** The unilateral accounts sign in through /validation/user, the others through the console's login. */
async function signIn(user: User): Promise<string> {
  const { password } = demoAccount(user);
  return user === 'follower' || user === 'manager' ? s.t.loginUnilateral(user, password) : s.t.login(user, password);
}

/** One token per user, signed in again after a call that ends the session (logout). */
const tokens = new Map<User, string>();
async function tokenOf(user: User): Promise<string> {
  if (!tokens.has(user)) tokens.set(user, await signIn(user));
  return tokens.get(user)!;
}

const implemented = endpointNames.filter((name) => handlers[name]);

describe('the permission table on every call of the contract', () => {
  it('covers the implemented calls', () => {
    expect(implemented.length).toBeGreaterThan(20);
  });

  it.each(endpointNames)('%s: anonymous, follower, manager, trader, admin as the table says', async (name: EndpointName) => {
    const access = CALL_ACCESS[name];
    const anonymous = await s.t.call(name, {});
    if (access === PUBLIC) expect(anonymous.code).not.toBe(403);
    else expect(anonymous.code, `${name} anonymous`).toBe(3);

    for (const user of USERS) {
      const reply = await s.t.call(name, {}, { token: await tokenOf(user) });
      if (name === 'logout') tokens.delete(user);
      if (allowed(access, user)) {
        // a permitted call reaches its handler (which may refuse the empty payload) or says it is not built yet
        expect(reply.code, `${name} as ${user}: ${reply.info}`).not.toBe(403);
        expect(reply.code, `${name} as ${user}: ${reply.info}`).not.toBe(3);
        if (!handlers[name]) expect(reply.code).toBe(501);
      } else {
        expect(reply.code, `${name} as ${user}`).toBe(403);
        expect(reply.info).toContain('没有权限');
      }
    }
  });

  it("denies the follower the global config and the strategy library, in the caller's language", async () => {
    const token = await tokenOf('follower');
    for (const name of ['globalConfigGet', 'strategyHome'] as const) {
      const reply = await s.t.call(name, {}, { token, lang: 'en' });
      expect(reply).toMatchObject({ code: 403, info: `permission denied: ${name}`, data: null });
    }
  });
});

async function firstMessage(name: FeedName, token: string): Promise<{ text: string; closed: Promise<number> }> {
  const { path, tokenInQuery } = feeds[name];
  const socket = new WebSocket(s.t.url.replace(/^http/, 'ws') + (tokenInQuery ? `${path}?token=${token}` : path));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const text = new Promise<string>((resolve, reject) => {
    socket.once('message', (data) => resolve(data.toString()));
    setTimeout(() => reject(new Error(`${name}: no message within 3 s`)), 3000);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  // a query-token feed signs in on connect; the others with their first message
  socket.send(JSON.stringify({ token, data: [] }));
  const first = await text;
  if (socket.readyState === socket.OPEN) socket.close();
  return { text: first, closed };
}

describe('the permission table on every feed', () => {
  it.each(feedNames)('%s: follower, manager, trader, admin as the table says', async (name) => {
    for (const user of USERS) {
      const { text, closed } = await firstMessage(name, await tokenOf(user));
      // allowed: 'ok', the feed's data, or its answer to a message it cannot read (statistics: 400), never 403
      if (allowed(FEED_ACCESS[name], user)) expect(text === 'ok' ? 200 : (JSON.parse(text).code ?? 200), `${name} as ${user}`).not.toBe(CODE.forbidden);
      else {
        expect(JSON.parse(text), `${name} as ${user}`).toMatchObject({ code: 403 });
        expect(await closed).toBe(1008);
      }
    }
  });

  it('the follower may open the unilateral feed and not the market feed', () => {
    expect(allowed(FEED_ACCESS.unilateral, 'follower')).toBe(true);
    expect(allowed(FEED_ACCESS.market, 'follower')).toBe(false);
  });
});
