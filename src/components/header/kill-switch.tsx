import { useCan } from '@refinedev/core';
import { App, Button, Tooltip } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { KillResult } from '#contract/types/api-accounts';
import { useCall, useCallMutation } from '../../api/use-call';
import { readSession } from '../../providers/session';
import i18n from '../../providers/i18n';
import { failed } from '../notify';

/** The notification of a kill: what it stopped and cancelled, on how many accounts. */
const killed = (reply?: { data: unknown }) => {
  const result = (reply?.data ?? {}) as Partial<KillResult>;
  return {
    type: 'success' as const,
    message: i18n.t('apis:kill.doneTitle'),
    description: i18n.t('apis:kill.done', {
      tasks: Number(result.stoppedTasks) || 0,
      orders: Number(result.cancelledOrders) || 0,
      accounts: Array.isArray(result.accounts) ? result.accounts.length : 0,
    }),
  };
};

/**
 * Who sees the kill switch, from what the console already knows: the super user (the session says so;
 * it acts on every account), and a user whose API names (/api/name, every account) are not empty. No
 * permission to read names, a failed read or no account: hidden (there is nothing of theirs to stop).
 * 'pending' while that is being read: the header keeps the button's room, so nothing moves when it shows.
 */
function useKillSwitchShown(): boolean | 'pending' {
  const isSuper = readSession()?.isSuper === true;
  const { data: can, isLoading: checking } = useCan({ resource: 'apis', action: 'names', queryOptions: { enabled: !isSuper } });
  const names = useCall('apiNames', { all: 1 }, { enabled: !isSuper && can?.can === true, staleTime: 60_000, errorNotification: false });
  if (isSuper) return true;
  if (checking || (can?.can === true && names.query.isLoading)) return 'pending';
  return Array.isArray(names.data) && names.data.length > 0;
}

/**
 * The header's kill switch: after a confirm that says what it does, stops every live and testnet task of
 * the user's accounts (the super user's: of every account) and cancels their open orders on the exchanges.
 * Paper tasks are not touched. On a phone an icon with its accessible name.
 */
export default function KillSwitch() {
  const { t } = useTranslation('apis');
  const { modal } = App.useApp();
  const shown = useKillSwitchShown();
  const { mutateAsync } = useCallMutation('killSwitch', { successNotification: killed, errorNotification: failed });
  if (!shown) return null;
  if (shown === 'pending') {
    return (
      <Button size="small" icon={<StopOutlined />} aria-hidden tabIndex={-1} style={{ visibility: 'hidden' }}>
        <span className="wide-only">{t('kill.button')}</span>
      </Button>
    );
  }
  const isSuper = readSession()?.isSuper === true;

  const confirm = () =>
    modal.confirm({
      title: t('kill.title'),
      content: t(isSuper ? 'kill.all' : 'kill.own'),
      okText: t('kill.ok'),
      cancelText: t('common:buttons.cancel'),
      okButtonProps: { danger: true },
      // a failure is already a notification: the confirm closes either way
      onOk: () => mutateAsync({}).catch(() => undefined),
    });

  return (
    <Tooltip title={t(isSuper ? 'kill.all' : 'kill.own')}>
      <Button size="small" type="primary" danger icon={<StopOutlined />} onClick={confirm} aria-label={t('kill.button')} data-testid="kill-switch">
        <span className="wide-only">{t('kill.button')}</span>
      </Button>
    </Tooltip>
  );
}
