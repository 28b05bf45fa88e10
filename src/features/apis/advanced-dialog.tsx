import { Alert, Col, Form, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiAccount, ApiAdvanced } from '#contract/types/api-accounts';
import { ADVANCED_RANGES, coupleMultiples, MAX_MULTIPLE_SUM, type MultipleField } from '#contract/rules/advanced';
import { SettingsDialog } from './settings-dialog';
import { SliderInput } from './slider-input';

const MULTIPLES: readonly MultipleField[] = ['proportion_ratio_spot', 'proportion_ratio_deposit'];
const SLIDERS = ['lever_risk_rate', 'total_deposit_multiple', ...MULTIPLES] as const;
const precisionOf = (step: number) => (String(step).split('.')[1] ?? '').length;

/** Advanced settings of one API (spec §3, §5 sliders): spot + futures multiples never exceed 20. */
export function AdvancedDialog({ api, onClose }: { api: ApiAccount; onClose: () => void }) {
  const { t } = useTranslation('apis');
  return (
    <SettingsDialog
      api={api}
      title={t('advanced.title', { name: api.name })}
      load="apiAdvancedGet"
      save="apiAdvancedUpdate"
      successKey="messages.saved"
      onClose={onClose}
      width={600}
      // a server that does not know the limit yet: none (0)
      toForm={(advanced) => ({ ...advanced, max_order_notional: advanced.max_order_notional ?? 0 })}
      toPayload={(values: ApiAdvanced, apiId) => ({ apiId, ...values, ...coupleMultiples('proportion_ratio_spot', values) })}
      onValuesChange={(changed, all, form) => {
        // moving one multiple lowers the other so that together they never exceed the limit
        const moved = MULTIPLES.find((field) => field in changed);
        if (moved) form.setFieldsValue(coupleMultiples(moved, all));
      }}
    >
      {() => (
        <>
          <Row gutter={16}>
            {(['is_borrow', 'is_auto_repayment'] as const).map((field) => (
              <Col span={12} key={field}>
                <Form.Item name={field} label={t(`advanced.${field}`)} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
            ))}
          </Row>
          {SLIDERS.map((field) => (
            <Form.Item key={field} name={field} label={t(`advanced.${field}`)}>
              <SliderInput {...ADVANCED_RANGES[field]} precision={precisionOf(ADVANCED_RANGES[field].step)} />
            </Form.Item>
          ))}
          <Alert type="info" showIcon message={t('advanced.sumHint', { max: MAX_MULTIPLE_SUM })} style={{ marginBottom: 16 }} />
          <Form.Item
            name="max_order_notional"
            label={t('advanced.max_order_notional')}
            extra={t('advanced.maxNotionalHint')}
            rules={[
              { required: true, message: t('advanced.maxNotionalInvalid') },
              { type: 'number', min: 0, message: t('advanced.maxNotionalInvalid') },
            ]}
          >
            <InputNumber min={0} step={100} style={{ width: '100%' }} />
          </Form.Item>
        </>
      )}
    </SettingsDialog>
  );
}
