import { useDelete, useInvalidate } from '@refinedev/core';
import { App, Button, Dropdown, Space, Spin, Typography, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiAccount } from '#contract/types/api-accounts';
import { useCallMutation } from '../../api/use-call';
import { DEFAULTS } from '#contract/rules/constants';
import { apisResource } from '.';
import { failed, succeeded } from '../../components/notify';
import { KEYBOARD_MENU } from '../../components/keyboard-menu';

/** The dialogs an API row opens. */
export type ApiDialogKind = 'fees' | 'advanced' | 'assetTemplate' | 'manualTrade';

interface Props {
  api: ApiAccount;
  onEdit: (api: ApiAccount) => void;
  onOpen: (kind: ApiDialogKind, api: ApiAccount) => void;
}

/** The actions menu of one API row (spec §2). Initialisation shows a spinner on this row until it answers. */
export function RowActions({ api, onEdit, onOpen }: Props) {
  const { t } = useTranslation('apis');
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const { mutate: remove } = useDelete();
  const { mutate: clear } = useCallMutation('apiClear', { successNotification: succeeded('apis:messages.cleared'), errorNotification: failed });
  const { mutate: init, mutation: initMutation } = useCallMutation('apiInit', {
    successNotification: succeeded('apis:messages.initialised'),
    errorNotification: failed,
  });
  const initialising = initMutation.isPending;

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
        init({ apiId: api.id }, { onSuccess: () => void invalidate({ resource: apisResource.name, invalidates: ['list'] }) });
      },
    });

  const items: MenuProps['items'] = [
    { key: 'edit', label: t('actions.edit') },
    { key: 'fees', label: t('actions.fees') },
    { key: 'advanced', label: t('actions.advanced') },
    { key: 'assetTemplate', label: t('actions.assetTemplate') },
    { key: 'manualTrade', label: t('actions.manualTrade') },
    { key: 'clear', label: t('actions.clear') },
    { key: 'init', label: t('actions.init'), disabled: initialising },
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
