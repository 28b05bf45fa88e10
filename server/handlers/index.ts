import type { HandlerMap } from '../context';
import { accountHandlers } from './account';
import { apiAccountHandlers } from './api-accounts';
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

/** Every implemented call, by endpoint name; the others answer 501 until their area lands. */
export const handlers: HandlerMap = {
  ...accountHandlers,
  ...marketHandlers,
  ...apiAccountHandlers,
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
};
