/**
 * Checked by `npm run typecheck`, not run: each handler answers its own call's reply type
 * (contract/calls.ts), so a reply of the wrong shape does not compile. If one of these lines stops
 * failing, its @ts-expect-error fails the typecheck.
 */
import type { HandlerMap } from '../../server/context';

export const wrongReplies: HandlerMap = {
  // a login reply carries its token
  // @ts-expect-error
  login: (call) => call.ok({ username: 'a' }),
  // a task's new id is a number
  // @ts-expect-error
  taskAdd: (call) => call.ok({ id: '7' }),
  // a list call answers a list
  // @ts-expect-error
  apiList: (call) => call.ok({ list: [] }),
  // a reply that is not null cannot be left out
  // @ts-expect-error
  permissions: (call) => call.ok(),
};

export const rightReplies: HandlerMap = {
  taskAdd: (call) => call.ok({ id: 7 }, 'ok.taskAdd'),
  logout: (call) => call.ok(),
};
