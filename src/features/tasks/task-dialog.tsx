import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useOne } from '@refinedev/core';
import { App, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ArbitrageStrategy, ParamSections } from '#contract/types/strategies';
import type { Task } from '#contract/types/tasks';
import { useCall } from '../../api/use-call';
import {
  NAMED_PARAMS,
  PER_TYPE_KEYS,
  PER_TYPE_PARAMS,
  TASK_CURRENCIES,
  buildTaskParams,
  formValuesOf,
  isArbitrage2,
  transactionTypesFor,
  type TaskFormValues,
} from '../../domain/task';
import { editableTransactionTypes } from '#contract/rules/codes';
import { isRunning } from '#contract/rules/task-status';
import { useBourses } from '../../api/use-bourses';
import { TASKS, useTaskSave } from './use-task-actions';

export type TaskDialogMode = { kind: 'add'; strategies: ArbitrageStrategy[]; strategyName?: string } | { kind: 'config'; task: Task };

interface Props {
  mode: TaskDialogMode;
  onClose: () => void;
}

const allParams = (sections: ParamSections | undefined): Record<string, unknown> =>
  sections ? { ...sections.taskBaseParams, ...sections.debitCreditParams, ...sections.strategyParams } : {};

/** The keys a param is edited by: CW/NW/CQ/NQ for dlt and m of 'arbitrage 2', an object's own keys, or none. */
function perTypeKeys(key: string, value: unknown, strategyName: string | undefined): readonly string[] | null {
  if (isArbitrage2(strategyName) && (PER_TYPE_PARAMS as readonly string[]).includes(key)) return PER_TYPE_KEYS;
  return typeof value === 'object' && value !== null ? Object.keys(value) : null;
}

/**
 * Add or configure a task (§2, §3 Task params when adding, §5 Add task / Task config). Every param
 * of the strategy is a field; for 'arbitrage 2' dlt and m are edited per CW, NW, CQ, NQ. On an
 * existing task the exchanges and non-delivery types are disabled, and a running task shows no confirm.
 * The task's params are Refine's one task (tasks' `one`: /task/params/get); saved by useTaskSave; a
 * failure keeps the dialog with what was typed.
 */
export function TaskDialog({ mode, onClose }: Props) {
  const { t } = useTranslation('task');
  const { message } = App.useApp();
  const save = useTaskSave();
  const [form] = Form.useForm();
  const adding = mode.kind === 'add';
  const initialStrategy = adding ? (mode.strategies.find((s) => s.name === mode.strategyName) ?? mode.strategies[0]) : undefined;
  const [strategyId, setStrategyId] = useState<number | undefined>(initialStrategy?.id);
  const strategyName = adding ? mode.strategies.find((s) => s.id === strategyId)?.name : mode.task.strategy_name;
  const { bourses, options: bourseOptions } = useBourses();

  const strategyParams = useCall('strategyParamsGet', { strategyId: strategyId ?? 0 }, { enabled: adding && strategyId !== undefined });
  const taskParams = useOne<ParamSections>({ resource: TASKS, id: adding ? 0 : mode.task.id, queryOptions: { enabled: !adding } });
  const sections = adding ? strategyParams.data : taskParams.result;
  const params = useMemo(() => allParams(sections), [sections]);
  const keys = useMemo(() => Object.keys(params), [params]);

  const query = adding ? strategyParams.query : taskParams.query;
  const filledFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    // the defaults of this strategy (or the task's params) fill the form once they have arrived, then never again
    // for it: a later read (a refetch, a live update) would overwrite what the user has typed, and a name typed
    // before they arrived is kept
    const key = adding ? strategyId : mode.task.id;
    if (!sections || query.isPlaceholderData || filledFor.current === key) return;
    filledFor.current = key;
    const values = formValuesOf(params);
    if (isArbitrage2(strategyName)) {
      // 'arbitrage 2' keeps dlt and m per delivery type, whatever the defaults hold
      for (const key of PER_TYPE_PARAMS) {
        const current = values.params[key];
        const byType = typeof current === 'object' && current !== null ? (current as Record<string, unknown>) : {};
        values.params[key] = Object.fromEntries(PER_TYPE_KEYS.map((k) => [k, byType[k] ?? (typeof current === 'number' ? current : undefined)]));
      }
    }
    form.setFieldsValue({ ...values, name: adding ? form.getFieldValue('name') : mode.task.name });
  }, [sections, query.isPlaceholderData, strategyId, params, strategyName, form, adding, mode]);

  const aBourse = Form.useWatch(['params', 'a_bourse'], form) as number | undefined;
  const bBourse = Form.useWatch(['params', 'b_bourse'], form) as number | undefined;
  const fundMode = Form.useWatch('fund_occupy_mode', form);

  const typeOptions = (bourse: number | undefined, current: unknown) => {
    const allowed = adding ? transactionTypesFor(bourse) : editableTransactionTypes(Number(current));
    const shown = adding ? allowed : [...allowed, ...transactionTypesFor(bourse).filter((x) => x.code === Number(current) && !allowed.includes(x))];
    return shown.map((x) => ({ value: x.code, label: `${t(`tradeTypes.${x.tradeType}`)} (${x.code})`, disabled: !allowed.includes(x) }));
  };

  const submit = () => {
    const values = form.getFieldsValue(true) as TaskFormValues;
    const built = buildTaskParams(values, keys);
    if (!built.ok) {
      if (built.error === 'nameRequired') return void form.validateFields(['name']);
      return void message.error(t(adding ? 'messages.incompleteParams' : 'messages.paramsNotFilled'));
    }
    if (save.isPending) return;
    if (adding) save.add({ name: built.name, strategyId: strategyId!, params: built.params }, onClose);
    else save.configure(mode.task.id, built.params, onClose);
  };

  const hideConfirm = !adding && isRunning(mode.task);
  const named = new Set<string>(NAMED_PARAMS);
  const other = keys.filter((key) => !named.has(key));
  const has = (key: string) => keys.includes(key);
  const field = (key: string, label: string, input: ReactNode) =>
    has(key) ? (
      <Col xs={24} sm={12} key={key}>
        <Form.Item name={['params', key]} label={label}>
          {input}
        </Form.Item>
      </Col>
    ) : null;
  const loading = adding ? strategyParams.query.isFetching : taskParams.query.isFetching;
  const existing = adding ? undefined : mode.task.params;

  return (
    <Modal
      open
      title={t(adding ? 'dialog.addTitle' : 'dialog.configTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common:buttons.ok')}
      cancelText={t('common:buttons.cancel')}
      okButtonProps={{ loading: save.isPending, style: hideConfirm ? { display: 'none' } : undefined }}
      width={720}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ fund_occupy_mode: 'percent', params: {} }}>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('dialog.strategy')} required>
              <Select<number | string>
                aria-label={t('dialog.strategy')}
                value={adding ? strategyId : strategyName}
                disabled={!adding}
                onChange={(id) => setStrategyId(Number(id))}
                options={adding ? mode.strategies.map((s) => ({ value: s.id, label: s.name })) : [{ value: strategyName ?? '', label: strategyName }]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('dialog.name')} rules={[{ required: true, whitespace: true, message: t('messages.nameRequired') }]}>
              <Input disabled={!adding} />
            </Form.Item>
          </Col>
        </Row>
        <Spin spinning={loading}>
          <Row gutter={12}>
            {field(
              'currency_type',
              t('dialog.currency'),
              <Select disabled={!adding} options={TASK_CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }))} />,
            )}
            {field('a_bourse', t('dialog.aBourse'), <Select disabled={!adding} options={bourseOptions} loading={bourses.length === 0} />)}
            {field(
              'a_transaction_type',
              t('dialog.aType'),
              <Select
                disabled={!adding && editableTransactionTypes(Number(existing?.a_transaction_type)).length === 0}
                options={typeOptions(aBourse, existing?.a_transaction_type)}
              />,
            )}
            {field('b_bourse', t('dialog.bBourse'), <Select disabled={!adding} options={bourseOptions} loading={bourses.length === 0} />)}
            {field(
              'b_transaction_type',
              t('dialog.bType'),
              <Select
                disabled={!adding && editableTransactionTypes(Number(existing?.b_transaction_type)).length === 0}
                options={typeOptions(bBourse, existing?.b_transaction_type)}
              />,
            )}
            {field(
              'is_borrow',
              t('dialog.isBorrow'),
              <Radio.Group
                options={[
                  { value: true, label: t('dialog.yes') },
                  { value: false, label: t('dialog.no') },
                ]}
              />,
            )}
            {has('fund_occupy') && (
              <Col xs={24} sm={12}>
                <Form.Item label={t('dialog.fundOccupy')}>
                  <Form.Item name="fund_occupy_mode" noStyle>
                    <Radio.Group
                      options={[
                        { value: 'percent', label: t('dialog.percent') },
                        { value: 'amount', label: t('dialog.amount') },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item name={['params', 'fund_occupy']} noStyle>
                    <InputNumber
                      aria-label={t('dialog.fundOccupy')}
                      min={0}
                      addonAfter={fundMode === 'amount' ? undefined : '%'}
                      style={{ width: '100%', marginTop: 8 }}
                    />
                  </Form.Item>
                </Form.Item>
              </Col>
            )}
            {field('virtual_initial_capital', t('dialog.virtualCapital'), <InputNumber min={0} style={{ width: '100%' }} />)}
            {field('depth', t('dialog.depth'), <InputNumber min={0} style={{ width: '100%' }} />)}
            {field('slip', t('dialog.slip'), <InputNumber min={0} step={0.0001} style={{ width: '100%' }} />)}
            {field('price_limit', t('dialog.priceLimit'), <Input placeholder={t('dialog.priceLimitHint')} />)}
          </Row>
          <Row gutter={12}>
            {other.map((key) => {
              const perType = perTypeKeys(key, params[key], strategyName);
              if (perType)
                return (
                  <Col span={24} key={key}>
                    <Form.Item label={t('dialog.perType', { param: key })} style={{ marginBottom: 0 }}>
                      <Row gutter={8}>
                        {perType.map((k) => (
                          <Col xs={12} sm={6} key={k}>
                            <Form.Item name={['params', key, k]} label={k}>
                              <Input aria-label={`${key} ${k}`} />
                            </Form.Item>
                          </Col>
                        ))}
                      </Row>
                    </Form.Item>
                  </Col>
                );
              return (
                <Col xs={24} sm={12} key={key}>
                  <Form.Item name={['params', key]} label={key}>
                    <Input aria-label={key} />
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
        </Spin>
      </Form>
    </Modal>
  );
}
