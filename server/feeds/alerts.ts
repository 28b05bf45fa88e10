import { ALERT_FEED_LATEST } from '#contract/rules/alerts';
import { DEFAULT_GLOBAL_CONFIG } from '../store/defaults';
import { readGlobalConfig } from '../store/global-config';
import { listAlerts } from '../store/alerts';
import type { FeedGenerator, FeedGenerators } from './socket-server';

/**
 * /alert/ws?token= (path assumed): every client message (the console sends one on open) is
 * answered with the user's unread count, their newest alerts and the global config's voiceIntervalTime
 * (the console speaks at most once per it; the global config itself is the super user's page):
 * `{code: 200, data: {unread, latest, voiceIntervalTime}}`. Pushed again to that user's subscribers on
 * 'alert.created'. A user sees their own alerts only.
 */
export const alertFeed: FeedGenerator = {
  async onMessage(client) {
    const { app, user } = client;
    const { list, unread } = await listAlerts(app.db, user.id, 1, ALERT_FEED_LATEST);
    const { voiceIntervalTime } = await readGlobalConfig(app.db, DEFAULT_GLOBAL_CONFIG);
    return { code: 200, data: { unread, latest: list, voiceIntervalTime } };
  },
  pushOn: { 'alert.created': (client, { userId }) => client.user.id === userId },
};

export const alertFeedGenerators: FeedGenerators = { alert: alertFeed };
