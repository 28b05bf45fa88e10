import { useEffect, useMemo, type ReactNode } from 'react';
import { App, Form, Input, Radio, Select, Spin } from 'antd';
import { FormDialog } from '../../../components/form-dialog';
import { useCreate, useList, useOne, useUpdate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { FollowTask, FollowTaskSave } from '#contract/types/follow-tasks';
import type { ApiName } from '#contract/types/api-accounts';
import { useCall, useCallMutation } from '../../../api/use-call';
import { failed, succeeded } from '../../../components/notify';
import { readSession } from '../../../providers/session';
import {
  DEFAULT_FOLLOW_UNIT,
  FOLLOW_UNITS,
  flag,
  followFieldProblem,
  followFormFields,
  type FollowFormField,
  type FollowFormValues,
} from '#contract/rules/unilateral';

export const FOLLOW_TASKS = 'follow-tasks';

/** What the form sends (§7 follow task create and update): numbers parsed, flags 1/0, blank optional costs 0. */
export function toFollowSave(values: FollowFormValues, userLevel: number): FollowTaskSave {
  const number = (value: unknown) => (value === undefined || value === null || String(value).trim() === '' ? 0 : Number(value));
  return {
    apiId: Number(values.apiId),
    strategyId: Number(values.strategyId),
    priority: userLevel === 1 ? number(values.priority) : 0,
    stopLoss: number(values.stopLoss),
    archiveCurrency: (values.archiveCurrency ?? '').trim(),
    positiveLeverage: number(values.positiveLeverage),
    negativeLeverage: number(values.negativeLeverage),
    isBuy: flag(values.isBuy),
    isSell: flag(values.isSell),
    calculateCost: number(values.calculateCost),
    initialCost: number(values.initialCost),
    unit: values.unit || DEFAULT_FOLLOW_UNIT,
  };
}

const asFormValues = (task: FollowTaskSave): FollowFormValues => ({
  ...task,
  priority: String(task.priority),
  stopLoss: String(task.stopLoss),
  positiveLeverage: String(task.positiveLeverage),
  negativeLeverage: String(task.negativeLeverage),
  calculateCost: String(task.calculateCost),
  initialCost: String(task.initialCost),
});

/** The API accounts a new follow task can run on, and how many of the others each reason leaves out. */
export interface FollowableApis {
  apis: ApiName[];
  /** hedging (type 1) accounts: a follow task runs on a one-sided (type 4) account only */
  hedging: number;
  /** one-sided accounts that already have their follow task (one per account) */
  following: number;
}

/**
 * The accounts that can follow (§3: a follow task belongs to one one-sided API account): every account of
 * the user (/api/name) less the hedging ones (/api/name with all = 0 lists those) and those with a follow task.
 * Undefined while a list loads.
 */
export function followableApis(
  all: readonly ApiName[] | undefined,
  hedging: readonly ApiName[] | undefined,
  tasks: readonly Pick<FollowTask, 'id'>[] | undefined,
): FollowableApis | undefined {
  if (!all || !hedging || !tasks) return undefined;
  const isHedging = new Set(hedging.map((api) => api.id));
  const follows = new Set(tasks.map((task) => task.id));
  const oneSided = all.filter((api) => !isHedging.has(api.id));
  const apis = oneSided.filter((api) => !follows.has(api.id));
  return { apis, hedging: all.length - oneSided.length, following: oneSided.length - apis.length };
}

/** In the add dialog, the accounts that can follow; undefined in the edit dialog (its account is fixed) or while they load. */
function useFollowableApis(adding: boolean, all: readonly ApiName[] | undefined) {
  const { data: hedging } = useCall('apiNames', { all: 0 }, { enabled: adding });
  const { result } = useList<FollowTask>({ resource: FOLLOW_TASKS, pagination: { mode: 'off' }, queryOptions: { enabled: adding } });
  return adding ? followableApis(all, hedging, result.data) : undefined;
}

interface Props {
  /** add: a new task (strategyId preset from the strategy row); edit: the task of API `apiId`. Refine refreshes the follow-task lists after a save. */
  mode: 'add' | 'edit';
  apiId?: number;
  strategyId?: number;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The follow task dialog (spec §2 Task dialog, §3 Follow task form, §5): every message verbatim from the
 * shared rules (contract/rules/unilateral.ts); the priority only for userLevel 1; unit on add only. A failed
 * save keeps the dialog open with what was typed.
 */
export function FollowTaskDialog({ mode, apiId, strategyId, onClose, onSaved }: Props) {
  const { t } = useTranslation('unilateral');
  const [form] = Form.useForm<FollowFormValues>();
  const userLevel = readSession()?.level ?? 0;
  const fields = followFormFields(userLevel);
  const { data: apis } = useCall('apiNames', {});
  const followable = useFollowableApis(mode === 'add', apis);
  const { data: strategies } = useCall('unilateralStrategyList', {});
  const { result: task, query: taskQuery } = useOne<FollowTaskSave>({
    resource: FOLLOW_TASKS,
    id: apiId,
    queryOptions: { enabled: mode === 'edit' && apiId !== undefined },
  });
  const { mutate: create, mutation: creating } = useCreate();
  const { mutate: update, mutation: updating } = useUpdate();
  const changeStrategy = useCallMutation('followChangeTask', { errorNotification: failed });
  const { modal } = App.useApp();

  useEffect(() => {
    if (mode === 'edit' && task) form.setFieldsValue(asFormValues(task));
  }, [mode, task, form]);

  const rule = (field: FollowFormField) => ({
    validator: (_: unknown, value: unknown) => {
      const problem = followFieldProblem(field, { ...form.getFieldsValue(), [field]: value }, userLevel);
      return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
    },
  });
  const yesNo = useMemo(
    () => [
      { value: 1, label: t('follow.yes') },
      { value: 0, label: t('follow.no') },
    ],
    [t],
  );

  const save = (values: FollowFormValues) => {
    const payload = toFollowSave(values, userLevel);
    const notifications = { successNotification: succeeded('unilateral:messages.taskSaved'), errorNotification: failed };
    if (mode === 'add') return create({ resource: FOLLOW_TASKS, values: payload, ...notifications }, { onSuccess: onSaved });
    const saveSettings = () => update({ resource: FOLLOW_TASKS, id: apiId!, values: payload, ...notifications }, { onSuccess: onSaved });
    if (!task || payload.strategyId === Number(task.strategyId)) return saveSettings();
    // another strategy: /change/task closes the position held on the old one at the market, then the settings follow
    modal.confirm({
      title: t('follow.changeStrategyTitle'),
      content: t('follow.changeStrategyRule'),
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      onOk: () => changeStrategy.mutate({ apiId: apiId!, strategyId: payload.strategyId }, { onSuccess: saveSettings }),
    });
  };

  const item = (field: FollowFormField, input: ReactNode, required = true, extra?: ReactNode) =>
    fields.includes(field) ? (
      <Form.Item key={field} name={field} label={t(`follow.fields.${field}`)} rules={[rule(field)]} required={required} extra={extra}>
        {input}
      </Form.Item>
    ) : null;

  return (
    <FormDialog
      title={t(mode === 'add' ? 'follow.addTitle' : 'follow.editTitle')}
      submit={() => form.submit()}
      pending={creating.isPending || updating.isPending || changeStrategy.isPending}
      onClose={onClose}
    >
      <Spin spinning={mode === 'edit' && taskQuery.isLoading}>
        <Form<FollowFormValues> form={form} layout="vertical" name="follow-task" initialValues={{ strategyId, unit: DEFAULT_FOLLOW_UNIT }} onFinish={save}>
          {mode === 'add'
            ? item(
                'apiId',
                <Select
                  options={followable?.apis.map((a) => ({ value: a.id, label: a.name }))}
                  loading={!followable}
                  notFoundContent={followable && t('follow.noApi')}
                />,
                true,
                followable && (
                  <span data-testid="follow-api-hint">{t('follow.apiHint', { hedging: followable.hedging, following: followable.following })}</span>
                ),
              )
            : item('apiId', <Select options={(apis ?? []).map((a) => ({ value: a.id, label: a.name }))} disabled />)}
          {item(
            'strategyId',
            <Select options={(strategies ?? []).map((s) => ({ value: s.id, label: s.names }))} />,
            true,
            mode === 'edit' ? t('follow.changeStrategyRule') : undefined,
          )}
          {item('priority', <Input inputMode="numeric" autoComplete="off" />)}
          {item('stopLoss', <Input inputMode="decimal" autoComplete="off" suffix="%" />)}
          {item('positiveLeverage', <Input inputMode="decimal" autoComplete="off" />)}
          {item('negativeLeverage', <Input inputMode="decimal" autoComplete="off" />)}
          {item('isBuy', <Radio.Group options={yesNo} optionType="button" />)}
          {item('isSell', <Radio.Group options={yesNo} optionType="button" />)}
          {item('archiveCurrency', <Input autoComplete="off" />, false)}
          {item('calculateCost', <Input inputMode="decimal" autoComplete="off" />, false)}
          {item('initialCost', <Input inputMode="decimal" autoComplete="off" />, false)}
          {item('unit', <Select options={FOLLOW_UNITS.map((u) => ({ value: u, label: u.toUpperCase() }))} disabled={mode === 'edit'} />, false)}
        </Form>
      </Spin>
    </FormDialog>
  );
}
