import { useEffect } from 'react';
import { Form, Input, Radio, Spin } from 'antd';
import { FormDialog } from '../../components/form-dialog';
import { useOne, useUpdate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { UnilateralStrategyEdit } from '#contract/types/unilateral';
import { failed, succeeded } from '../../components/notify';
import { STRATEGY_TARGET, strategyPriorityProblem } from '#contract/rules/unilateral';

export const UNILATERAL_STRATEGIES = 'unilateral-strategies';

interface Values {
  names: string;
  target: 0 | 1;
  priority?: string;
}

/**
 * The strategy dialog of the unilateral list (/reproduction/strategy loads names and target,
 * /update/strategy saves them) with the priority and its own §5 messages. A failed save keeps what was typed;
 * after a save Refine refreshes the strategy lists.
 */
export function UnilateralStrategyDialog({ strategyId, onClose, onSaved }: { strategyId: number; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('unilateral');
  const [form] = Form.useForm<Values>();
  const { result, query } = useOne<UnilateralStrategyEdit>({ resource: UNILATERAL_STRATEGIES, id: strategyId });
  const { mutate, mutation } = useUpdate();

  useEffect(() => {
    if (result)
      form.setFieldsValue({ names: result.names, target: result.target, priority: result.priority === undefined ? undefined : String(result.priority) });
  }, [result, form]);

  const save = (values: Values) =>
    mutate(
      {
        resource: UNILATERAL_STRATEGIES,
        id: strategyId,
        values: { names: values.names.trim(), target: values.target, priority: Number(values.priority) },
        successNotification: succeeded('unilateral:messages.saved'),
        errorNotification: failed,
      },
      { onSuccess: onSaved },
    );

  return (
    <FormDialog title={t('strategyDialog.title')} submit={() => form.submit()} pending={mutation.isPending} onClose={onClose}>
      <Spin spinning={query.isLoading}>
        <Form<Values> form={form} layout="vertical" name="unilateral-strategy" initialValues={{ target: STRATEGY_TARGET.shown }} onFinish={save}>
          <Form.Item name="names" label={t('strategyDialog.names')} rules={[{ required: true, whitespace: true, message: t('strategyDialog.namesRequired') }]}>
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
          <Form.Item name="target" label={t('strategyDialog.target')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: STRATEGY_TARGET.shown, label: t('follow.yes') },
                { value: STRATEGY_TARGET.hidden, label: t('follow.no') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="priority"
            label={t('strategyDialog.priority')}
            required
            rules={[
              {
                validator: (_, value: unknown) => {
                  const problem = strategyPriorityProblem(value);
                  return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
                },
              },
            ]}
          >
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Form>
      </Spin>
    </FormDialog>
  );
}
