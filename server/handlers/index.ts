import type { EndpointName } from '#contract/endpoints';
import type { CallContext, Handler, HandlerMap } from '../context';
import { laneOf, MAX_WAITING_CALLS, type Lane } from '../http/lanes';
import { accountHandlers } from './account';
import { apiAccountHandlers } from './api-accounts';
import { exchangeAccountHandlers } from './exchange-accounts';
import { assetHandlers } from './assets';
import { globalConfigHandlers } from './global-config';
import { marketHandlers } from './market';
import { orderHandlers } from './orders';
import { strategyHandlers } from './strategies';
import { taskFigureHandlers } from './task-figures';
import { taskManualHandlers } from './task-manual';
import { taskHandlers } from './tasks';
import { minerHandlers } from './tools-miner';
import { unilateralHandlers } from './unilateral';
import { unilateralFollowHandlers } from './unilateral-follow';
import { toolsCoinsHandlers } from './tools-coins';
import { toolsSignalHandlers } from './tools-signal';
import { toolsBinanceHandlers } from './tools-binance';
import { toolsAevoHandlers } from './tools-aevo';
import { toolsPaperHandlers } from './tools-paper';
import { alertHandlers } from './alerts';
import { exchangeHandlers } from './exchange';

/** Calls that wait on the clock rather than work (the initialise delay): they keep no lane waiting. */
const WAITING_CALLS: ReadonlySet<EndpointName> = new Set(['apiInit']);

/** a signed-in user's calls take turns in their lane (http/lanes.ts), MAX_WAITING_CALLS waiting at most. */
const inLane =
  <N extends EndpointName>(name: N, handler: Handler<N>): Handler<N> =>
  (call) =>
    call.user && !WAITING_CALLS.has(name) ? inLaneOf(laneOf(call.app, call.user.id), call, handler) : handler(call);

const inLaneOf = <N extends EndpointName>(lane: Lane, call: CallContext<N>, handler: Handler<N>) =>
  lane.run(() => {
    call.away = (outside) => lane.away(outside);
    return handler(call);
  }, MAX_WAITING_CALLS);

const laned = (map: HandlerMap): HandlerMap =>
  Object.fromEntries(Object.entries(map).map(([name, handler]) => [name, inLane(name as EndpointName, handler as Handler)]));

/** Every implemented call, by endpoint name; the others answer 501 until their area lands. */
export const handlers: HandlerMap = laned({
  ...accountHandlers,
  ...marketHandlers,
  ...apiAccountHandlers,
  ...exchangeAccountHandlers,
  ...strategyHandlers,
  ...globalConfigHandlers,
  ...taskHandlers,
  ...taskFigureHandlers,
  ...taskManualHandlers,
  ...orderHandlers,
  ...assetHandlers,
  ...unilateralHandlers,
  ...unilateralFollowHandlers,
  ...toolsSignalHandlers,
  ...toolsCoinsHandlers,
  ...toolsBinanceHandlers,
  ...toolsAevoHandlers,
  ...minerHandlers,
  ...toolsPaperHandlers,
  ...alertHandlers,
  ...exchangeHandlers,
});
