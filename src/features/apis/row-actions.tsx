import { useDelete, useInvalidate } from '@refinedev/core';
import { App, Button, Dropdown, Space, Spin, Typography, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { reachesExchange, type ApiAccount, type InitResult } from '#contract/types/api-accounts';
import { useCallMutation } from '../../api/use-call';
import { DEFAULTS } from '#contract/rules/constants';
import { apisResource } from '.';
import { failed, succeeded } from '../../components/notify';
import { KEYBOARD_MENU } from '../../components/keyboard-menu';
import { InitResults } from './init-results';
import { keyCheckOf, modeOf, tradeOnlyKey, type ModesInfo } from './trading-modes';

/** The dialogs an API row opens. */
export type ApiDialogKind = 'fees' | 'advanced' | 'assetTemplate' | 'manualTrade' | 'live';

interface Props {
  api: ApiAccount;
  modes: ModesInfo;
  onEdit: (api: ApiAccount) => void;
  onOpen: (kind: ApiDialogKind, api: ApiAccount) => void;
}

/** The audit log of one account (or of all, without an id). */
export const auditPath = (apiId?: number) => (apiId === undefined ? '/api/audit' : `/api/audit?apiId=${apiId}`);

/** The actions menu of one API row (spec §2). Initialisation shows a spinner on this row until it answers. */
export function RowActions({ api, modes, onEdit, onOpen }: Props) {
  const { t } = useTranslation('apis');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const refreshList = () => void invalidate({ resource: apisResource.name, invalidates: ['list'] });
  const { mutate: remove } = useDelete();
  const { mutate: clear } = useCallMutation('apiClear', { successNotification: succeeded('apis:messages.cleared'), errorNotification: failed });
  const { mutate: init, mutation: initMutation } = useCallMutation('apiInit', {
    // a paper account has no per-instrument result: the notification says it; otherwise a dialog lists each instrument
    successNotification: (reply) => (instrumentsOf(reply?.data).length ? false : succeeded('apis:messages.initialised')()),
    errorNotification: failed,
  });
  const { mutate: check, mutation: checkMutation } = useCallMutation('apiCheck', {
    successNotification: succeeded('apis:messages.checked'),
    errorNotification: failed,
  });
  const { mutate: live } = useCallMutation('apiLive', { successNotification: succeeded('apis:messages.liveOff'), errorNotification: failed });
  const initialising = initMutation.isPending;
  const mode = modeOf(api);

  const confirmDelete = () =>
    modal.confirm({
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      title: t('confirm.deleteTitle'),
      content: t('confirm.delete', { name: api.name }),
      okButtonProps: { danger: true },
      onOk: () =>
        remove({
          resource: apisResource.name,
          id: api.id,
          successNotification: succeeded('apis:messages.deleted'),
          errorNotification: failed,
        }),
    });

  const clearCurve = () =>
    clear(
      { apiId: api.id },
      // the curve restarts: every chart (and the list) is read again
      { onSuccess: () => void invalidate({ invalidates: ['all'] }) },
    );

  const confirmInit = () =>
    modal.confirm({
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      title: t('confirm.initTitle'),
      content: t('confirm.init', { name: api.name, leverage: DEFAULTS.initLeverage }),
      onOk: () => {
        if (initMutation.isPending) return;
        init(
          { apiId: api.id },
          {
            onSuccess: (reply) => {
              refreshList();
              const instruments = instrumentsOf(reply);
              if (instruments.length === 0) return;
              const show = instruments.every((i) => i.ok) ? modal.success : modal.warning;
              show({
                title: t('init.resultTitle', { name: api.name }),
                content: <InitResults instruments={instruments} />,
                okText: t('common:buttons.ok'),
                width: 560,
              });
            },
          },
        );
      },
    });

  const confirmLiveOff = () =>
    modal.confirm({
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      title: t('live.offTitle'),
      content: t('live.off', { name: api.name }),
      onOk: () => live({ apiId: api.id, enable: false }, { onSuccess: refreshList }),
    });

  // live: offered on a testnet account with a trade-only key once the server allows it; otherwise the item says why not
  const liveItem = (): NonNullable<MenuProps['items']>[number] | null => {
    if (mode === 'live') return { key: 'liveOff', label: t('actions.liveOff') };
    if (mode !== 'testnet') return null;
    if (!modes.live) return { key: 'liveOn', label: `${t('actions.liveOn')} (${t('live.notAllowed')})`, disabled: true };
    if (!tradeOnlyKey(keyCheckOf(api))) return { key: 'liveOn', label: `${t('actions.liveOn')} (${t('live.needsKey')})`, disabled: true };
    return { key: 'liveOn', label: t('actions.liveOn'), danger: true };
  };
  const exchangeItems: MenuProps['items'] = !reachesExchange(mode)
    ? []
    : [{ key: 'check', label: t('actions.check'), disabled: checkMutation.isPending }, liveItem()].filter((item) => item !== null);

  const items: MenuProps['items'] = [
    { key: 'edit', label: t('actions.edit') },
    { key: 'fees', label: t('actions.fees') },
    { key: 'advanced', label: t('actions.advanced') },
    { key: 'assetTemplate', label: t('actions.assetTemplate') },
    { key: 'manualTrade', label: t('actions.manualTrade') },
    { key: 'clear', label: t('actions.clear') },
    { key: 'init', label: t('actions.init'), disabled: initialising },
    ...exchangeItems,
    { key: 'audit', label: t('actions.audit') },
    { type: 'divider' },
    { key: 'delete', label: t('actions.delete'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    switch (key) {
      case 'edit':
        return onEdit(api);
      case 'delete':
        return confirmDelete();
      case 'clear':
        return clearCurve();
      case 'init':
        return initialising ? undefined : confirmInit();
      case 'check':
        return checkMutation.isPending ? undefined : check({ apiId: api.id }, { onSuccess: refreshList });
      case 'liveOn':
        return onOpen('live', api);
      case 'liveOff':
        return confirmLiveOff();
      case 'audit':
        return navigate(auditPath(api.id));
      default:
        return onOpen(key as ApiDialogKind, api);
    }
  };

  return (
    <Space size="small">
      <Dropdown menu={{ items, onClick }} {...KEYBOARD_MENU}>
        <Button size="small">
          {t('buttons.actions')} <DownOutlined />
        </Button>
      </Dropdown>
      {initialising && (
        <Space size={4} data-testid={`api-initialising-${api.id}`}>
          <Spin size="small" />
          <Typography.Text type="secondary">{t('messages.initialising')}</Typography.Text>
        </Space>
      )}
    </Space>
  );
}

/** The instruments of an /api/init reply; none from a reply without them. */
function instrumentsOf(reply: unknown): InitResult[] {
  const instruments = (reply as { instruments?: unknown } | undefined)?.instruments;
  return Array.isArray(instruments) ? (instruments as InitResult[]) : [];
}
