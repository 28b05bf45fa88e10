import { Form, InputNumber } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { checkConfigNumber, type NumberFieldRule } from '#contract/rules/global-config-rules';

interface Props {
  field: NumberFieldRule;
  /** the label on screen. */
  label: string;
  /** the field's full name in a message (defaults to the label). */
  messageName?: string;
}

/**
 * One number of the global config. The value is checked, never clamped: what the user typed stays
 * on screen with a message saying what is wrong (no negatives; whole intervals; percents 0–100).
 */
export function ConfigNumberItem({ field, label, messageName = label }: Props) {
  const { t } = useTranslation('globalConfig');
  const rules: Rule[] = [
    {
      validator: async (_, value: unknown) => {
        const problem = checkConfigNumber(field.kind, value);
        if (problem) throw new Error(t(`problems.${problem}`, { field: messageName }));
      },
    },
  ];
  return (
    <Form.Item name={field.name} label={label} required rules={rules}>
      <InputNumber
        style={{ width: '100%' }}
        // a slippage is a small fraction: stepping it by 1 would only mislead
        controls={field.kind !== 'amount'}
        suffix={field.kind === 'percent' ? t('percentSuffix') : undefined}
      />
    </Form.Item>
  );
}
