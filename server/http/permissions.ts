import type { WebSocket } from 'ws';
import type { EndpointName } from '#contract/endpoints';
import type { FeedName } from '#contract/feeds';
import { CALL_ACCESS } from '#contract/access/calls';
import { FEED_ACCESS } from '#contract/access/feeds';
import { PUBLIC, can, type Access, type Subject } from '#contract/rules/permissions';
import type { SessionUser } from './auth';
import { CODE, envelope } from './envelope';
import { message, type Lang } from './messages';

/** The console's permission table (contract/rules/permissions.ts), enforced on every call and feed. */

const subjectOf = (user: SessionUser): Subject => ({
  isSuper: user.isSuper,
  pes: user.pes,
  columns: user.columns,
  strategyKeys: user.strategyKeys,
});

const allows = (access: Access, user: SessionUser | null): boolean => user !== null && can(subjectOf(user), access.resource, access.action);

export function mayCall(name: EndpointName, user: SessionUser | null): boolean {
  const access = CALL_ACCESS[name];
  return access === PUBLIC || allows(access, user);
}

export const mayFeed = (name: FeedName, user: SessionUser): boolean => allows(FEED_ACCESS[name], user);

/** Close code of a refused subscription (policy violation), as for an invalid session. */
export const CLOSE_FORBIDDEN = 1008;

/** Refuses a feed the user may not subscribe to: one 403 envelope, then the socket closes. Returns false (not signed in). */
export function refuseFeed(socket: WebSocket, name: FeedName, lang: Lang): false {
  if (socket.readyState === socket.OPEN) {
    socket.send(JSON.stringify(envelope(CODE.forbidden, message(lang, 'err.forbidden', { name }))));
    socket.close(CLOSE_FORBIDDEN, 'forbidden');
  }
  return false;
}
