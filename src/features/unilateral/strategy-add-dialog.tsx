import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { useCreate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '#contract/rules/codes';
import { NEW_STRATEGY_FIELDS, newStrategyProblem, type NewStrategyField } from '#contract/rules/unilateral';
import type { UnilateralStrategyNew } from '#contract/types/unilateral';
import { FormDialog } from '../../components/form-dialog';
import { failed, succeeded } from '../../components/notify';
import { UNILATERAL_STRATEGIES } from './strategy-dialog';

type Values = Partial<UnilateralStrategyNew>;

/**
 * The super user's "add strategy" (§2 Add/edit strategy dialog): name, coin, initial money and the moving-average
 * rule the one-sided engine runs; each field checked by the rule the server checks (`newStrategyProblem`). The new
 * strategy is paused. A failed save keeps what was typed.
 */
export function UnilateralStrategyAddDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('unilateral');
  const [form] = Form.useForm<Values>();
  const { mutate, mutation } = useCreate();

  const rule = (field: NewStrategyField) => ({
    validator: (_: unknown, value: unknown) => {
      const problem = newStrategyProblem(field, { ...form.getFieldsValue(), [field]: value });
      return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
    },
  });
  const item = (field: NewStrategyField, control: React.ReactNode, dependencies?: NewStrategyField[]) => (
    <Form.Item key={field} name={field} label={t(`addStrategy.${field}`)} required rules={[rule(field)]} dependencies={dependencies}>
      {control}
    </Form.Item>
  );

  const save = (values: Values) =>
    mutate(
      {
        resource: UNILATERAL_STRATEGIES,
        values: { ...values, names: values.names?.trim() },
        successNotification: succeeded('unilateral:addStrategy.added'),
        errorNotification: failed,
      },
      { onSuccess: onSaved },
    );

  return (
    <FormDialog title={t('addStrategy.title')} submit={() => form.submit()} pending={mutation.isPending} onClose={onClose}>
      <Form<Values> form={form} layout="vertical" name="unilateral-strategy-add" initialValues={{ barMinutes: 60, fast: 10, slow: 40 }} onFinish={save}>
        {NEW_STRATEGY_FIELDS.map((field) => {
          if (field === 'names') return item(field, <Input maxLength={64} autoComplete="off" />);
          if (field === 'coin') return item(field, <Select options={CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }))} />);
          return item(field, <InputNumber style={{ width: '100%' }} />, field === 'slow' ? ['fast'] : undefined);
        })}
        <Typography.Paragraph type="secondary">{t('addStrategy.rule')}</Typography.Paragraph>
      </Form>
    </FormDialog>
  );
}
