import { useState } from 'react';
import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useCan, useDelete, useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { ArbitrageStrategy } from '#contract/types/strategies';
import { failed } from '../../components/notify';
import { ToolCard } from '../../components/tool-card';
import { DefaultParamsPopover } from './default-params-popover';
import { StrategyDialog, type StrategyDialogMode } from './strategy-dialog';

const RESOURCE = 'strategies';

interface DialogState {
  mode: StrategyDialogMode;
  strategy?: ArbitrageStrategy;
}

/** /strategy: the arbitrage strategy library (spec §2). Add, configure and delete are the super user's (§6). */
export default function StrategyListPage() {
  const { t } = useTranslation('strategies');
  const { tableProps } = useTable<ArbitrageStrategy>({
    resource: RESOURCE,
    pagination: { mode: 'client', pageSize: 10 },
    syncWithLocation: false,
  });
  const canAdd = useCan({ resource: 'strategies', action: 'create' }).data?.can;
  const canConfig = useCan({ resource: 'strategies', action: 'edit' }).data?.can;
  const canDelete = useCan({ resource: 'strategies', action: 'delete' }).data?.can;
  const { mutate: deleteStrategy } = useDelete();
  const invalidate = useInvalidate();
  const [dialog, setDialog] = useState<DialogState | null>(null);

  const remove = (strategy: ArbitrageStrategy) =>
    deleteStrategy({
      resource: RESOURCE,
      id: strategy.id,
      successNotification: () => ({ type: 'success', message: t('messages.deleted') }),
      errorNotification: failed,
    });

  const saved = () => {
    setDialog(null);
    void invalidate({ resource: RESOURCE, invalidates: ['list'] });
  };

  const noPermission = canConfig === false && canDelete === false;

  return (
    <ToolCard
      title={t('title')}
      tools={
        canAdd ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
            {t('buttons.add')}
          </Button>
        ) : null
      }
    >
      <Table<ArbitrageStrategy> {...tableProps} rowKey="id" size="middle" scroll={{ x: 'max-content' }}>
        <Table.Column<ArbitrageStrategy> dataIndex="id" title={t('fields.id')} width={100} />
        <Table.Column<ArbitrageStrategy> dataIndex="name" title={t('fields.name')} render={(name: string) => <Typography.Text>{name}</Typography.Text>} />
        <Table.Column<ArbitrageStrategy> dataIndex="updatetime" title={t('fields.updatetime')} width={200} />
        <Table.Column<ArbitrageStrategy>
          key="actions"
          title={t('fields.actions')}
          width={280}
          render={(_, strategy) => (
            <Space size="small" wrap>
              <DefaultParamsPopover strategy={strategy} />
              {canConfig ? (
                <Button size="small" onClick={() => setDialog({ mode: 'config', strategy })}>
                  {t('buttons.config')}
                </Button>
              ) : null}
              {canDelete ? (
                <Popconfirm
                  title={t('messages.confirmDelete', { name: strategy.name })}
                  okText={t('buttons.ok', { ns: 'common' })}
                  cancelText={t('buttons.cancel', { ns: 'common' })}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(strategy)}
                >
                  <Button size="small" danger>
                    {t('buttons.delete')}
                  </Button>
                </Popconfirm>
              ) : null}
              {noPermission ? <Typography.Text type="secondary">{t('messages.noPermission', { ns: 'common' })}</Typography.Text> : null}
            </Space>
          )}
        />
      </Table>
      {dialog ? <StrategyDialog mode={dialog.mode} strategy={dialog.strategy} onClose={() => setDialog(null)} onSaved={saved} /> : null}
    </ToolCard>
  );
}
