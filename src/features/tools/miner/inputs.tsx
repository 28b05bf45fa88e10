import { useEffect } from 'react';
import { Col, Form, InputNumber, Row, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../../api/use-call';
import { minerProblem, type MinerField, type MinerInputs } from '#contract/rules/miner';

/** The form's values: what the user typed, null where a field is empty. */
export type MinerFormValues = { [F in MinerField]?: number | null };

/** The conditions every miner shares (the comparison's inputs, the calculator's after the miner). */
export const CONDITION_FIELDS = ['electricityPrice', 'poolFee', 'coinPrice', 'difficulty', 'blockReward'] as const satisfies readonly MinerField[];
const NETWORK_FIELDS = ['coinPrice', 'difficulty', 'blockReward'] as const satisfies readonly MinerField[];

/**
 * The calculator's inputs as form items: each checked by the shared rule (contract/rules/miner.ts) with
 * its message, on every change, so a wrong value is named as it is typed.
 */
export function MinerFormItems({ fields }: { fields: readonly MinerField[] }) {
  const { t } = useTranslation('miner');
  return (
    <Row gutter={[12, 0]}>
      {fields.map((field) => (
        <Col key={field} xs={24} sm={12} lg={8}>
          <Form.Item
            name={field}
            label={t(`fields.${field}`)}
            rules={[
              {
                validator: (_, value: unknown) => {
                  const problem = minerProblem(field, value);
                  return problem ? Promise.reject(new Error(t(`problems.${problem}`, { field: t(`fields.${field}`) }))) : Promise.resolve();
                },
              },
            ]}
          >
            <InputNumber style={{ width: '100%' }} inputMode="decimal" data-testid={`miner-input-${field}`} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/**
 * The server's network figures (GET /miner/network: the market engine's BTC price, a demo difficulty,
 * the block reward) written into the fields the user has not touched, once they arrive.
 */
export function useNetworkDefaults(form: FormInstance<MinerFormValues>) {
  const network = useCall('minerNetwork', {}).data;
  useEffect(() => {
    if (!network) return;
    const untouched = NETWORK_FIELDS.filter((field) => !form.isFieldTouched(field) && form.getFieldValue(field) == null);
    if (untouched.length > 0) form.setFieldsValue(Object.fromEntries(untouched.map((field) => [field, network[field]])));
  }, [network, form]);
}

/** The form's values as the calculator's inputs (the domain refuses the empty and wrong ones). */
export const inputsOf = (values: MinerFormValues | undefined): MinerInputs => ({ ...values }) as MinerInputs;
