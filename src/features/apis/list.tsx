import { useEffect, useState } from 'react';
import type { HttpError } from '@refinedev/core';
import { useModalForm, useTable } from '@refinedev/antd';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { AuditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ApiAccount, ApiAccountSave } from '#contract/types/api-accounts';
import { strategyTypeLabelKey } from '#contract/rules/codes';
import { apisResource } from '.';
import { ApiDialog } from './api-dialog';
import { AdvancedDialog } from './advanced-dialog';
import { AssetTemplateDialog } from './asset-template-dialog';
import { FeesDialog } from './fees-dialog';
import { ManualTradeDialog } from '../../components/manual-trade-dialog';
import { failed, succeeded } from '../../components/notify';
import { auditPath, RowActions, type ApiDialogKind } from './row-actions';
import { TrendCell } from './trend-cell';
import { useBourses } from '../../api/use-bourses';
import { ModeCell } from './key-check';
import { LiveDialog } from './live-dialog';
import { modeOf, useTradingModes } from './trading-modes';

const PAGE_SIZE = 10;

/** /api: the API accounts of the signed-in user (spec §2 API list). */
export default function ApiListPage() {
  const { t } = useTranslation('apis');
  const { nameOf } = useBourses();
  const modes = useTradingModes();
  const navigate = useNavigate();
  const { tableProps } = useTable<ApiAccount>({
    resource: apisResource.name,
    pagination: { mode: 'client', pageSize: PAGE_SIZE },
    syncWithLocation: false,
  });

  const modalOptions = { resource: apisResource.name, redirect: false, errorNotification: failed } as const;
  const add = useModalForm<ApiAccount, HttpError, ApiAccountSave>({
    ...modalOptions,
    action: 'create',
    successNotification: succeeded('apis:messages.added'),
  });
  // there is no call that reads one API: the config dialog starts from the row of the list
  const config = useModalForm<ApiAccount, HttpError, ApiAccountSave>({
    ...modalOptions,
    action: 'edit',
    queryOptions: { enabled: false },
    successNotification: succeeded('apis:messages.updated'),
  });
  const [editing, setEditing] = useState<ApiAccount>();
  const { open: configOpen, form: configForm } = config;
  useEffect(() => {
    // after useModalForm has reset the form for the new id (its effect runs first)
    if (configOpen && editing) {
      configForm.setFieldsValue({
        name: editing.name,
        bourseId: editing.bourse_id,
        apiKey: editing.apiKey,
        apiSecret: '',
        apiToken: '',
        status: editing.status,
        // a live account's mode is not chosen in the dialog (turned off from the row's menu)
        mode: modeOf(editing) === 'live' ? undefined : (modeOf(editing) as 'paper' | 'testnet'),
      });
    }
  }, [configOpen, editing, configForm]);

  const [dialog, setDialog] = useState<{ kind: ApiDialogKind; api: ApiAccount }>();
  const closeDialog = () => setDialog(undefined);

  return (
    <Card
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => add.show()}>
          {t('buttons.add')}
        </Button>
      }
    >
      {/* in the body, not the header: on a phone the header keeps its room for the title */}
      <Button icon={<AuditOutlined />} onClick={() => navigate(auditPath())} style={{ marginBottom: 12 }}>
        {t('buttons.audit')}
      </Button>
      <Table<ApiAccount> {...tableProps} rowKey="id" size="middle" scroll={{ x: 'max-content' }}>
        <Table.Column<ApiAccount> dataIndex="id" title={t('columns.id')} width={80} />
        <Table.Column<ApiAccount> dataIndex="name" title={t('columns.name')} render={(name: string) => <Typography.Text>{name}</Typography.Text>} />
        <Table.Column<ApiAccount> key="trend" title={t('columns.trend')} render={(_, api) => <TrendCell api={api} />} />
        <Table.Column<ApiAccount> dataIndex="bourse_id" title={t('columns.exchange')} render={(_, api) => nameOf(api.bourse_id, api.bourse_name)} />
        <Table.Column<ApiAccount>
          dataIndex="status"
          title={t('columns.status')}
          render={(_, api) => (
            <Space size={4} wrap>
              <Tag color={api.status === 1 ? 'blue' : 'green'}>{t(strategyTypeLabelKey(api.status))}</Tag>
              {api.status_info && <Typography.Text type="secondary">{api.status_info}</Typography.Text>}
            </Space>
          )}
        />
        <Table.Column<ApiAccount> key="mode" title={t('columns.mode')} render={(_, api) => <ModeCell api={api} />} />
        <Table.Column<ApiAccount>
          key="actions"
          title={t('columns.actions')}
          render={(_, api) => (
            <RowActions
              api={api}
              modes={modes}
              onEdit={(row) => {
                setEditing(row);
                config.show(row.id);
              }}
              onOpen={(kind, row) => setDialog({ kind, api: row })}
            />
          )}
        />
      </Table>

      <ApiDialog mode="add" modalProps={add.modalProps} formProps={add.formProps} modes={modes} />
      <ApiDialog
        mode="config"
        modalProps={config.modalProps}
        formProps={config.formProps}
        hasToken={Boolean(editing?.apiToken)}
        modes={modes}
        live={editing ? modeOf(editing) === 'live' : false}
      />
      {dialog?.kind === 'fees' && <FeesDialog api={dialog.api} onClose={closeDialog} />}
      {dialog?.kind === 'advanced' && <AdvancedDialog api={dialog.api} onClose={closeDialog} />}
      {dialog?.kind === 'assetTemplate' && <AssetTemplateDialog api={dialog.api} onClose={closeDialog} />}
      {dialog?.kind === 'manualTrade' && <ManualTradeDialog api={dialog.api} onClose={closeDialog} />}
      {dialog?.kind === 'live' && <LiveDialog api={dialog.api} onClose={closeDialog} />}
    </Card>
  );
}
