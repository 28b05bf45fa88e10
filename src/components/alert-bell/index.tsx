import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { App, Badge, Button, Flex, List, Popover, Space, Switch, Tag, Typography } from 'antd';
import { BellOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { alertHref, type AlertItem } from '#contract/rules/alerts';
import { formatMinute } from '../../domain/format';
import { useCall, useCallMutation } from '../../api/use-call';
import { feedManager, type FeedManager } from '../../live/manager';
import { useFeedListener, useFeedStatus } from '../../live/use-feed';
import { INTERVALS } from '#contract/rules/constants';
import { alertText } from './message';
import { savePrefs, useAlertPrefs } from './prefs';
import { createSpeaker, speechAvailable } from './speech';
import { watchSockets } from './socket-watch';

// the rule dialog loads when first opened
const RulesDialog = lazy(() => import('./rules-dialog'));

const PAGE_SIZE = 10;
const QUIET = { successNotification: false } as const;

export interface AlertBellProps {
  /** defaults to the console's feed manager. */
  manager?: FeedManager;
}

/**
 * The header bell: the unread count of the user's alert log, live through the alert feed;
 * its panel lists the log a page at a time, newest first, each alert linking to its task or market
 * table, with "mark all read", the switch for spoken alerts (remembered in this browser) and the rule
 * dialog. Every new alert shows a notification and, when speech is on, is spoken in the console's
 * language at most once per the global config's voiceIntervalTime. A socket of this console reconnecting
 * longer than the browser's setting shows a notification too.
 */
export default function AlertBell({ manager = feedManager }: AlertBellProps) {
  const { t, i18n } = useTranslation('alerts');
  const { notification } = App.useApp();
  const prefs = useAlertPrefs();
  const [open, setOpen] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [unread, setUnread] = useState(0);
  const { state } = useFeedStatus('alert', manager);
  const list = useCall('alertList', { page, size: PAGE_SIZE }, { enabled: open, staleTime: 0 });
  const read = useCallMutation('alertRead', QUIET);

  // what the handlers below read: the newest alert id seen (null until the first message), the voice interval
  const seen = useRef<number | null>(null);
  const [speaker] = useState(() => createSpeaker());
  const latest = useRef({ prefs, language: i18n.language, t });
  latest.current = { prefs, language: i18n.language, t };

  const announce = (text: string, voiceIntervalTime: number | null) => {
    notification.warning({ message: t('bell.title'), description: text, duration: INTERVALS.notificationRotationMs / 1000 });
    if (latest.current.prefs.speech && voiceIntervalTime !== null) speaker(text, latest.current.language, voiceIntervalTime, Date.now());
  };
  const voice = useRef<number | null>(null);

  useFeedListener(
    'alert',
    undefined,
    (message) => {
      const { unread: count, latest: newest, voiceIntervalTime } = message.data;
      voice.current = voiceIntervalTime;
      setUnread(count);
      const before = seen.current;
      seen.current = Math.max(before ?? 0, ...newest.map((a) => a.id));
      // the first message is the log as it was: only alerts that come after it are announced, oldest first
      const fresh = before === null ? [] : newest.filter((a) => a.id > before).reverse();
      for (const alert of fresh) announce(alertText(latest.current.t, alert), voiceIntervalTime);
      if (fresh.length && open) void list.query.refetch();
    },
    { manager },
  );

  // the console's own sockets: a notification when one has been reconnecting longer than this browser's setting
  const socketLong = useEffectEvent((feed: string) =>
    announce(t('message.socket', { feed: t(`live:feed.${feed}`), seconds: prefs.socketSeconds }), voice.current),
  );
  useEffect(() => watchSockets(manager, prefs.socketSeconds, socketLong), [manager, prefs.socketSeconds]);

  const markRead = (ids?: number[]) =>
    read.mutate(ids ? { ids } : {}, {
      onSuccess: (reply) => {
        setUnread(reply.unread);
        void list.query.refetch();
      },
    });

  const items = list.data?.list ?? [];
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');
  const panel = (
    <Space direction="vertical" style={{ width: 'min(360px, calc(100vw - 32px))' }} data-testid="alert-panel">
      <Flex wrap gap="small" justify="space-between" align="center">
        <Typography.Text strong>{t('bell.title')}</Typography.Text>
        <Space size={0} wrap>
          <Button size="small" type="link" disabled={unread === 0} onClick={() => markRead()}>
            {t('bell.markAllRead')}
          </Button>
          <Button
            size="small"
            type="text"
            icon={<SettingOutlined />}
            onClick={() => {
              setOpen(false);
              setRulesOpen(true);
            }}
          >
            {t('bell.rules')}
          </Button>
        </Space>
      </Flex>
      <Space size="small">
        <Switch size="small" checked={prefs.speech} onChange={(speech) => savePrefs({ speech })} aria-label={t('bell.speech')} />
        <Typography.Text>{t('bell.speech')}</Typography.Text>
        {!speechAvailable() && <Typography.Text type="secondary">{t('bell.speechMissing')}</Typography.Text>}
      </Space>
      <List<AlertItem>
        size="small"
        loading={list.query.isLoading}
        dataSource={items}
        locale={{ emptyText: t('bell.empty') }}
        pagination={
          (list.data?.total ?? 0) > PAGE_SIZE
            ? { current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, size: 'small', simple: true, onChange: setPage }
            : false
        }
        renderItem={(alert) => {
          const href = alertHref(alert.link);
          return (
            <List.Item
              data-testid="alert-item"
              data-read={alert.read}
              extra={
                href && (
                  <Link
                    to={href}
                    onClick={() => {
                      setOpen(false);
                      if (!alert.read) markRead([alert.id]);
                    }}
                  >
                    {t('bell.open')}
                  </Link>
                )
              }
            >
              <List.Item.Meta
                title={
                  <Space size={4} wrap>
                    {!alert.read && <Tag color="red">{t('bell.unread')}</Tag>}
                    {alert.sent && <Tag>{t('bell.sent')}</Tag>}
                    <Typography.Text type="secondary">{formatMinute(alert.at)}</Typography.Text>
                  </Space>
                }
                description={<Typography.Text>{alertText(t, alert)}</Typography.Text>}
              />
            </List.Item>
          );
        }}
      />
    </Space>
  );

  return (
    <>
      <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={panel} destroyOnHidden>
        {/* the bell carries its feed's state like the shell's badges do (the live-data line leaves this feed out) */}
        <Button
          type="text"
          size="small"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="alert-bell"
          data-feed="alert"
          data-feed-state={state}
          data-unread={unread}
        >
          {/* antd's red-7 under the white count: 4.5:1 contrast or more (the default red has about 3.2:1) */}
          <Badge count={unread} size="small" overflowCount={99} color="#cf1322">
            <BellOutlined />
          </Badge>
        </Button>
      </Popover>
      {rulesOpen && (
        <Suspense>
          <RulesDialog onClose={() => setRulesOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
