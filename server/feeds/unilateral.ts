import { MONITORING_VIEW } from '#contract/rules/unilateral';
import { monitoring, visibleStrategies, visibleTasks } from '../handlers/unilateral';
import { isUnilateralAdmin } from '../handlers/unilateral-access';
import { followTaskItem } from '../handlers/unilateral-views';
import type { FeedGenerator, FeedGenerators } from './socket-server';

/**
 * /web/all/data?token= (spec §7): every message of the client (the console sends its subscription on
 * open) is answered with the strategy list in the first shape, `{code, data: {strategy}, task}`; the
 * unilateral admin also gets the second, `{strategy: {strategy, monitoring: {strategy, api, kline}}, api}`,
 * with the three monitoring views. Pushed again to every subscriber on 'unilateral.changed' (the runner
 * ran a bar, a strategy or follow task changed).
 */
export const unilateralFeed: FeedGenerator = {
  async onMessage(client) {
    const { app, user } = client;
    const strategy = await visibleStrategies(app.db, user);
    const task = (await visibleTasks(app.db, user)).map(followTaskItem);
    if (isUnilateralAdmin(user)) {
      const [s, api, kline] = await Promise.all(
        [MONITORING_VIEW.strategy, MONITORING_VIEW.api, MONITORING_VIEW.kline].map((view) => monitoring(app, user, view)),
      );
      client.send({ strategy: { strategy, monitoring: { strategy: s, api, kline } }, api: task });
    }
    return { code: 200, info: 'ok', data: { strategy }, task };
  },
  pushOn: { 'unilateral.changed': true },
};

export const unilateralFeedGenerators: FeedGenerators = { unilateral: unilateralFeed };
