import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiAccount, AssetTemplate } from '#contract/types/api-accounts';
import { isDigits } from '../../domain/validation';
import { SettingsDialog } from './settings-dialog';

interface TemplateForm {
  assetTemplate: string;
}

/** The asset template of one API: its principal in USDT, digits only (spec §5 principal input). */
export function AssetTemplateDialog({ api, onClose }: { api: ApiAccount; onClose: () => void }) {
  const { t } = useTranslation('apis');
  return (
    <SettingsDialog
      api={api}
      title={t('template.title', { name: api.name })}
      load="apiAssetTemplateGet"
      save="apiAssetTemplateSave"
      successKey="messages.saved"
      onClose={onClose}
      toForm={(data: AssetTemplate): TemplateForm => ({
        assetTemplate: data.assetTemplate === undefined || data.assetTemplate === null ? '' : String(data.assetTemplate),
      })}
      toPayload={(values: TemplateForm, apiId) => ({ apiId, assetTemplate: Number(values.assetTemplate.trim()) })}
    >
      {() => (
        <Form.Item
          name="assetTemplate"
          label={t('template.principal')}
          extra={t('template.hint')}
          validateFirst
          rules={[
            { required: true, whitespace: true, message: t('template.required') },
            {
              validator: (_, value: string) =>
                isDigits(String(value ?? '').trim()) ? Promise.resolve() : Promise.reject(new Error(t('common:validation.digitsOnly'))),
            },
            {
              validator: (_, value: string) => (Number(String(value).trim()) > 0 ? Promise.resolve() : Promise.reject(new Error(t('template.nonZero')))),
            },
          ]}
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
      )}
    </SettingsDialog>
  );
}
