import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Divider, Flex, InputNumber, List, Modal, Space, Switch, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALERT_DEFAULTS, ALERT_LIMITS, type AlertRule } from '#contract/rules/alerts';
import { useCall, useCallMutation } from '../../api/use-call';
import { savePrefs, useAlertPrefs } from './prefs';

const QUIET = { successNotification: false } as const;
type Kind = 'unbalanced' | 'abnormal' | 'feed';
interface Setting {
  on: boolean;
  seconds: number;
}
const DEFAULT_SECONDS: Record<Kind, number> = { unbalanced: ALERT_DEFAULTS.unbalancedSeconds, abnormal: 0, feed: ALERT_DEFAULTS.feedSeconds };

/** The setting a rule list gives one kind: on with its seconds, or off with the default. */
function settingOf(rules: readonly AlertRule[] | undefined, kind: Kind): Setting {
  const rule = rules?.find((r) => r.kind === kind);
  return { on: !!rule, seconds: rule && 'seconds' in rule ? rule.seconds : DEFAULT_SECONDS[kind] };
}

/**
 * The rule dialog of the bell: the task rules (unbalanced for longer than N seconds, an
 * abnormal order) and the exchange-feed rule, one of each per user on the server, with one cooldown;
 * this browser's own rule (a socket of the console reconnecting longer than N seconds, kept in this
 * browser); and the spread rules set on the /market rows, listed with a delete button each.
 */
export default function RulesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('alerts');
  const { message } = App.useApp();
  const rules = useCall('alertRuleList', {}, { staleTime: 0 });
  const save = useCallMutation('alertRuleSave', QUIET);
  const remove = useCallMutation('alertRuleDelete', QUIET);
  const prefs = useAlertPrefs();
  const list = rules.data;
  const [settings, setSettings] = useState<Record<Kind, Setting> | null>(null);
  const [cooldown, setCooldown] = useState<number>(ALERT_DEFAULTS.cooldownSeconds);
  const [socket, setSocket] = useState<Setting>({ on: prefs.socketSeconds > 0, seconds: prefs.socketSeconds || ALERT_DEFAULTS.socketSeconds });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!list || settings) return;
    setSettings({ unbalanced: settingOf(list, 'unbalanced'), abnormal: settingOf(list, 'abnormal'), feed: settingOf(list, 'feed') });
    const first = list.find((r) => r.kind !== 'spread');
    if (first) setCooldown(first.cooldownSeconds);
  }, [list, settings]);

  const change = (kind: Kind, patch: Partial<Setting>) => setSettings((current) => current && { ...current, [kind]: { ...current[kind], ...patch } });

  const submit = async () => {
    if (!settings) return;
    setSaving(true);
    try {
      for (const kind of ['unbalanced', 'abnormal', 'feed'] as const) {
        const { on, seconds } = settings[kind];
        const existing = list?.find((r) => r.kind === kind);
        if (on) await save.mutateAsync(kind === 'abnormal' ? { kind, cooldownSeconds: cooldown } : { kind, seconds, cooldownSeconds: cooldown });
        else if (existing) await remove.mutateAsync({ id: existing.id });
      }
      savePrefs({ socketSeconds: socket.on ? socket.seconds : 0 });
      message.success(t('rules.saved'));
      onClose();
    } catch {
      // the failure is shown by the notification provider (§8); the dialog stays open
    } finally {
      setSaving(false);
    }
  };

  const seconds = (value: number, onChange: (value: number) => void, label: string, disabled: boolean) => (
    <InputNumber
      size="small"
      min={ALERT_LIMITS.seconds.min}
      max={ALERT_LIMITS.seconds.max}
      precision={0}
      value={value}
      disabled={disabled}
      aria-label={label}
      onChange={(next) => typeof next === 'number' && onChange(next)}
    />
  );
  const row = (label: string, on: boolean, onToggle: (on: boolean) => void, input?: ReactNode) => (
    <Flex wrap gap="small" align="center" justify="space-between">
      <Space size="small">
        <Switch size="small" checked={on} onChange={onToggle} aria-label={label} />
        <Typography.Text>{label}</Typography.Text>
      </Space>
      {input}
    </Flex>
  );

  const spreadRules = list?.filter((r) => r.kind === 'spread') ?? [];
  return (
    <Modal
      open
      title={t('rules.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('rules.save')}
      cancelText={t('rules.close')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !settings }}
      width={520}
      data-testid="alert-rules"
    >
      {settings && (
        <Space direction="vertical" style={{ width: '100%' }}>
          {row(
            t('rules.unbalanced'),
            settings.unbalanced.on,
            (on) => change('unbalanced', { on }),
            seconds(settings.unbalanced.seconds, (value) => change('unbalanced', { seconds: value }), t('rules.unbalanced'), !settings.unbalanced.on),
          )}
          {row(t('rules.abnormal'), settings.abnormal.on, (on) => change('abnormal', { on }))}
          {row(
            t('rules.feed'),
            settings.feed.on,
            (on) => change('feed', { on }),
            seconds(settings.feed.seconds, (value) => change('feed', { seconds: value }), t('rules.feed'), !settings.feed.on),
          )}
          <Flex wrap gap="small" align="center" justify="space-between">
            <Typography.Text>{t('rules.cooldown')}</Typography.Text>
            {seconds(cooldown, setCooldown, t('rules.cooldown'), false)}
          </Flex>
          <Divider style={{ margin: '8px 0' }} />
          {row(
            t('rules.socket'),
            socket.on,
            (on) => setSocket((s) => ({ ...s, on })),
            seconds(socket.seconds, (value) => setSocket((s) => ({ ...s, seconds: value })), t('rules.socket'), !socket.on),
          )}
          <Typography.Text type="secondary">{t('rules.socketHint')}</Typography.Text>
          <Divider style={{ margin: '8px 0' }} />
          <Typography.Text strong>{t('rules.spread')}</Typography.Text>
          <List
            size="small"
            dataSource={spreadRules}
            locale={{ emptyText: t('rules.noSpread') }}
            renderItem={(rule) =>
              rule.kind === 'spread' && (
                <List.Item
                  extra={
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t('rules.remove')} ${rule.currency.toUpperCase()}`}
                      onClick={() => remove.mutate({ id: rule.id }, { onSuccess: () => void rules.query.refetch() })}
                    />
                  }
                >
                  {t('rules.spreadRule', {
                    currency: rule.currency.toUpperCase(),
                    field: t(`fields.${rule.field}`),
                    direction: t(`directions.${rule.direction}`),
                    threshold: rule.threshold,
                    table: rule.table.join('-'),
                  })}
                </List.Item>
              )
            }
          />
        </Space>
      )}
    </Modal>
  );
}
