import { Form, Input, Modal, Radio, Tag, type FormProps, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { RequiredSelect } from '../../components/required-select';
import type { AccountMode, ApiAccountSave } from '#contract/types/api-accounts';
import { STRATEGY_TYPES } from '#contract/rules/codes';
import { DEFAULTS } from '#contract/rules/constants';
import { useBourses } from '../../api/use-bourses';
import { MODE_COLORS, type ModesInfo } from './trading-modes';

export type ApiDialogMode = 'add' | 'config';

export const API_DIALOG_DEFAULTS: Partial<ApiAccountSave> = { bourseId: DEFAULTS.bourseId, status: DEFAULTS.strategyType, mode: 'paper' };

/** The modes this dialog chooses between: live is turned on from the list, never here. */
const DIALOG_MODES = ['paper', 'testnet'] as const satisfies readonly AccountMode[];

/**
 * What the add/config dialog sends: trimmed text; the secret and the token only when typed, so a
 * config that leaves them empty keeps the stored ones (the list only ever has a mask).
 */
export function toApiSave(values: ApiAccountSave): ApiAccountSave {
  const { apiSecret, apiToken, ...rest } = values;
  const save: ApiAccountSave = { ...rest, name: rest.name?.trim(), apiKey: rest.apiKey?.trim() };
  if (apiSecret?.trim()) save.apiSecret = apiSecret.trim();
  if (apiToken?.trim()) save.apiToken = apiToken.trim();
  return save;
}

interface Props {
  mode: ApiDialogMode;
  modalProps: ModalProps;
  formProps: FormProps<ApiAccountSave>;
  /** config mode: the stored record has a token (its mask), so an empty field keeps it */
  hasToken?: boolean;
  modes: ModesInfo;
  /** config mode of a live account: its mode is not changed here (turn live off first) */
  live?: boolean;
}

/** Spec §2 API dialog, modes add and config (useModalForm does the calls). */
export function ApiDialog({ mode, modalProps, formProps, hasToken, modes, live = false }: Props) {
  const { t } = useTranslation('apis');
  const { options, loading, nameOf } = useBourses();
  const config = mode === 'config';
  const { onFinish } = formProps;
  const bourseId = Form.useWatch('bourseId', formProps.form);
  const testnet = modes.hasTestnet(bourseId);
  const noTestnet = testnet ? undefined : t('dialog.noTestnet', { exchange: nameOf(bourseId) });
  return (
    <Modal {...modalProps} width={560} title={t(config ? 'dialog.configTitle' : 'dialog.addTitle')}>
      <Form
        {...formProps}
        // both dialogs stay mounted: distinct form names keep their field ids unique
        name={`api-${mode}`}
        layout="vertical"
        initialValues={API_DIALOG_DEFAULTS}
        // a failed save is shown by Refine's notification; the dialog stays open with what was typed
        onFinish={(values) => Promise.resolve(onFinish?.(toApiSave(values))).catch(() => undefined)}
      >
        <Form.Item name="name" label={t('dialog.name')} rules={[{ required: true, whitespace: true, message: t('dialog.nameRequired') }]}>
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item name="bourseId" label={t('dialog.exchange')} rules={[{ required: true, message: t('dialog.exchangeRequired') }]}>
          <RequiredSelect options={options} loading={loading} />
        </Form.Item>
        <Form.Item name="apiKey" label={t('dialog.apiKey')} rules={[{ required: true, whitespace: true, message: t('dialog.apiKeyRequired') }]}>
          <Input autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="apiSecret"
          label={t('dialog.apiSecret')}
          rules={config ? [] : [{ required: true, whitespace: true, message: t('dialog.apiSecretRequired') }]}
        >
          <Input.Password autoComplete="new-password" placeholder={config ? t('dialog.secretKept') : undefined} visibilityToggle />
        </Form.Item>
        <Form.Item name="apiToken" label={t('dialog.apiToken')}>
          <Input.Password autoComplete="new-password" placeholder={config && hasToken ? t('dialog.secretKept') : undefined} visibilityToggle />
        </Form.Item>
        <Form.Item name="status" label={t('dialog.status')}>
          <Radio.Group options={STRATEGY_TYPES.map((s) => ({ value: s.value, label: t(s.labelKey) }))} />
        </Form.Item>
        {live ? (
          <Form.Item label={t('dialog.mode')} extra={t('dialog.liveKept')}>
            <Tag color={MODE_COLORS.live}>{t('mode.live')}</Tag>
          </Form.Item>
        ) : (
          <Form.Item
            name="mode"
            label={t('dialog.mode')}
            extra={noTestnet ?? t('dialog.modeHint')}
            dependencies={['bourseId']}
            rules={[{ validator: (_, value) => (value === 'testnet' && noTestnet ? Promise.reject(new Error(noTestnet)) : Promise.resolve()) }]}
          >
            <Radio.Group options={DIALOG_MODES.map((m) => ({ value: m, label: t(`mode.${m}`), disabled: m === 'testnet' && !testnet }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
