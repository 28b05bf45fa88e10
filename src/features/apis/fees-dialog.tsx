import { Col, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiAccount, ApiFees } from '#contract/types/api-accounts';
import { SettingsDialog } from './settings-dialog';

/** The fee fields of spec §3, in the order the dialog shows them (maker/taker per market). */
export const FEE_FIELDS = [
  'ssHangCharges',
  'ssEatCharges',
  'fuHangCharges',
  'fuEatCharges',
  'csHangCharges',
  'csEatCharges',
  'maxLoss',
] as const satisfies readonly (keyof ApiFees)[];

/** Fee configuration of one API: load apiChargesGet, save apiChargesUpdate; non-negative numbers. */
export function FeesDialog({ api, onClose }: { api: ApiAccount; onClose: () => void }) {
  const { t } = useTranslation('apis');
  return (
    <SettingsDialog
      api={api}
      title={t('fees.title', { name: api.name })}
      load="apiChargesGet"
      save="apiChargesUpdate"
      successKey="messages.configured"
      toForm={(fees) => fees}
      toPayload={(fees: ApiFees, apiId) => ({ apiId, ...fees })}
      onClose={onClose}
      width={600}
    >
      {() => (
        <Row gutter={16}>
          {FEE_FIELDS.map((field) => (
            <Col span={12} key={field}>
              <Form.Item
                name={field}
                label={t(`fees.${field}`)}
                rules={[
                  { required: true, message: t('fees.required', { field: t(`fees.${field}`) }) },
                  { type: 'number', min: 0, message: t('fees.nonNegative') },
                ]}
              >
                <InputNumber style={{ width: '100%' }} step={field === 'maxLoss' ? 1 : 0.0001} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      )}
    </SettingsDialog>
  );
}
