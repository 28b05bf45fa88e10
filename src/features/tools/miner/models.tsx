import { useState } from 'react';
import { Button, Flex, Form, Input, InputNumber, Popconfirm, Space, Table, Typography } from 'antd';
import { CalculatorOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ToolCard } from '../../../components/tool-card';
import { Link } from 'react-router';
import { useCall, useCallMutation } from '../../../api/use-call';
import { FormDialog } from '../../../components/form-dialog';
import { failed, succeeded } from '../../../components/notify';
import { formatStatistic } from '../../../domain/format';
import { calculatorPath, efficiencyOf } from './miner';
import { MODEL_NAME_MAX, modelProblems, type ModelField } from '#contract/rules/miner';
import type { MinerModel } from '#contract/types/miner';

type ModelValues = Partial<Pick<MinerModel, ModelField>>;
const NO_MODELS: MinerModel[] = [];

/** Add (no model) or edit a model; on a failed save the dialog stays open with what was typed. */
function ModelDialog({ model, onClose, onSaved }: { model?: MinerModel; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('miner');
  const [form] = Form.useForm<ModelValues>();
  const save = useCallMutation('minerModelSave', {
    successNotification: succeeded(model ? 'miner:models.saved' : 'miner:models.added'),
    errorNotification: failed,
  });
  const rule = (field: keyof ModelValues) => ({
    validator: (_: unknown, value: unknown) => {
      const problem = modelProblems({ name: 'x', hashrate: 1, power: 1, [field]: value })[field];
      return problem ? Promise.reject(new Error(t(`problems.${problem}`, { field: t(`fields.${field}`), max: MODEL_NAME_MAX }))) : Promise.resolve();
    },
  });
  const submit = (values: ModelValues) =>
    save.mutate({ name: values.name!.trim(), hashrate: values.hashrate!, power: values.power!, ...(model ? { id: model.id } : {}) }, { onSuccess: onSaved });

  return (
    <FormDialog
      title={model ? t('models.editTitle', { name: model.name }) : t('models.addTitle')}
      submit={form.submit}
      pending={save.isPending}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" initialValues={model} onFinish={submit}>
        <Form.Item name="name" label={t('fields.name')} rules={[rule('name')]}>
          <Input maxLength={MODEL_NAME_MAX} />
        </Form.Item>
        <Form.Item name="hashrate" label={t('fields.hashrate')} rules={[rule('hashrate')]}>
          <InputNumber style={{ width: '100%' }} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="power" label={t('fields.power')} rules={[rule('power')]}>
          <InputNumber style={{ width: '100%' }} inputMode="decimal" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/**
 * /main/mill, the miner model table: the user's models (the published figures of well-known miners to
 * start with) with their efficiency; add, edit, delete on the server; each opens the calculator filled in.
 */
export default function MinerModelsPage() {
  const { t } = useTranslation('miner');
  const { data, query } = useCall('minerModels', {});
  const models = data ?? NO_MODELS;
  const remove = useCallMutation('minerModelDelete', { successNotification: succeeded('miner:models.deleted'), errorNotification: failed });
  const [dialog, setDialog] = useState<{ model?: MinerModel }>();
  const saved = () => {
    setDialog(undefined);
    void query.refetch();
  };

  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('models.title')}
      </Typography.Title>
      <ToolCard
        size="small"
        title={<Typography.Text type="secondary">{t('models.hint')}</Typography.Text>}
        tools={
          <Space wrap>
            <Link to="/main/mill1">{t('models.compare')}</Link>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
              {t('models.add')}
            </Button>
          </Space>
        }
        styles={{ header: { paddingBlock: 8 } }}
      >
        <Table<MinerModel>
          rowKey="id"
          size="small"
          loading={query.isLoading}
          dataSource={models}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('fields.name') },
            { key: 'hashrate', dataIndex: 'hashrate', title: t('fields.hashrate'), align: 'right' },
            { key: 'power', dataIndex: 'power', title: t('fields.power'), align: 'right' },
            { key: 'efficiency', title: t('calculator.efficiency'), align: 'right', render: (_, m) => formatStatistic(efficiencyOf(m)) },
            {
              key: 'actions',
              title: t('models.actions'),
              render: (_, m) => (
                <Space size={4} wrap>
                  <Link to={calculatorPath(m)} aria-label={t('models.openOf', { name: m.name })}>
                    <CalculatorOutlined /> {t('models.open')}
                  </Link>
                  <Button
                    size="small"
                    type="link"
                    icon={<EditOutlined />}
                    aria-label={t('models.editOf', { name: m.name })}
                    onClick={() => setDialog({ model: m })}
                  >
                    {t('models.edit')}
                  </Button>
                  <Popconfirm
                    title={t('models.deleteConfirm', { name: m.name })}
                    okText={t('common:buttons.ok')}
                    cancelText={t('common:buttons.cancel')}
                    onConfirm={() =>
                      remove.mutateAsync({ id: m.id }).then(
                        () => query.refetch(),
                        () => undefined,
                      )
                    }
                  >
                    <Button size="small" type="link" danger icon={<DeleteOutlined />} aria-label={t('models.deleteOf', { name: m.name })}>
                      {t('models.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </ToolCard>
      {dialog && <ModelDialog model={dialog.model} onClose={() => setDialog(undefined)} onSaved={saved} />}
    </Flex>
  );
}
