import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reachesExchange, type ApiAccount } from '#contract/types/api-accounts';
import { formatMinute } from '../../domain/format';
import { keyCheckOf, MODE_COLORS, modeOf } from './trading-modes';

/**
 * The mode of one account (a tag) and, for testnet and live, what the server found when it last checked
 * the key on its exchange: valid or not, can trade, permissions it could not check, when, the last error.
 */
export function ModeCell({ api }: { api: ApiAccount }) {
  const { t } = useTranslation('apis');
  const mode = modeOf(api);
  const check = keyCheckOf(api);
  return (
    <Space direction="vertical" size={2} data-testid={`api-mode-${api.id}`}>
      <Space size={4} wrap>
        <Tag color={MODE_COLORS[mode]}>{t(`mode.${mode}`)}</Tag>
        {api.exchange_down && <Tag color="warning">{t('keyCheck.exchangeDown')}</Tag>}
      </Space>
      {reachesExchange(mode) && (
        <>
          <Space size={4} wrap>
            {check.valid === null ? (
              <Typography.Text type="secondary">{t('keyCheck.unchecked')}</Typography.Text>
            ) : (
              <Tag color={check.valid ? 'green' : 'red'}>{t(check.valid ? 'keyCheck.valid' : 'keyCheck.invalid')}</Tag>
            )}
            {check.canTrade !== null && <Tag color={check.canTrade ? 'green' : 'red'}>{t(check.canTrade ? 'keyCheck.canTrade' : 'keyCheck.cannotTrade')}</Tag>}
            {check.canWithdraw === true && <Tag color="red">{t('keyCheck.canWithdraw')}</Tag>}
          </Space>
          {check.checkedAt !== null && check.canWithdraw === null && <Typography.Text type="warning">{t('keyCheck.permissionsUnknown')}</Typography.Text>}
          {check.checkedAt !== null && <Typography.Text type="secondary">{t('keyCheck.checkedAt', { time: formatMinute(check.checkedAt) })}</Typography.Text>}
          {check.error && (
            <Typography.Text type="danger" style={{ display: 'inline-block', maxWidth: 280, wordBreak: 'break-word' }}>
              {t('keyCheck.error', { error: check.error })}
            </Typography.Text>
          )}
        </>
      )}
    </Space>
  );
}
