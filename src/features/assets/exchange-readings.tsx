import { Alert, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HOLDINGS_READ_MS, HOLDINGS_STALE_MS } from '#contract/rules/exchange-trading';
import type { ExchangeReading } from '#contract/types/assets';

/** An account whose figures come from its exchange (a testnet or live one): its name and the reading its last message said. */
export interface ReadAccount {
  id: number;
  name: string;
  exchange: ExchangeReading;
}

/** Whether an account's figures are its exchange's and none has been read yet: its (empty) figures are not shown as zeros. */
export const notReadYet = (account: { exchange?: ExchangeReading }): boolean => account.exchange !== undefined && account.exchange.readAt === null;

/** A read time to the second (reads are a minute apart): the browser's own time, as the key check's. */
const readTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

/** One account's line: when its exchange was last read (stale, with the last error), and what that exchange does not give. */
function ReadingLine({ account }: { account: ReadAccount }) {
  const { t, i18n } = useTranslation('assets');
  const { readAt, stale, error, unavailable } = account.exchange;
  return (
    <Flex wrap gap={8} align="center" data-testid={`exchange-reading-${account.id}`}>
      <Typography.Text>
        {readAt === null ? t('exchange.notRead', { name: account.name }) : t('exchange.readAt', { name: account.name, time: readTime(readAt) })}
      </Typography.Text>
      {stale && (
        <>
          <Tag color="warning">{t('exchange.stale')}</Tag>
          <Typography.Text type="warning">{t('exchange.staleHint')}</Typography.Text>
        </>
      )}
      {error && <Typography.Text type="danger">{t('exchange.error', { error })}</Typography.Text>}
      {unavailable.length > 0 && (
        <Typography.Text type="secondary">
          {t('exchange.unavailable', { parts: new Intl.ListFormat(i18n.language).format(unavailable.map((part) => t(`exchange.parts.${part}`))) })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * Where the figures of the testnet and live accounts shown come from (issue 33): each one's exchange, read on a
 * schedule; when each was last read, and which are stale. Nothing for paper accounts.
 */
export function ExchangeReadings({ accounts }: { accounts: readonly ReadAccount[] }) {
  const { t } = useTranslation('assets');
  if (accounts.length === 0) return null;
  const stale = accounts.some((a) => a.exchange.stale || a.exchange.error);
  return (
    <Alert
      type={stale ? 'warning' : 'info'}
      showIcon
      message={t('exchange.schedule', { seconds: HOLDINGS_READ_MS / 1000, staleSeconds: HOLDINGS_STALE_MS / 1000 })}
      description={
        <Flex vertical gap={4}>
          {accounts.map((account) => (
            <ReadingLine key={account.id} account={account} />
          ))}
        </Flex>
      }
    />
  );
}
