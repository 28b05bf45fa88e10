import { Button, Result, Select } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../../api/use-call';
import { LoadFailed } from '../../../components/load-failed';

/**
 * The account both Binance pages work on: one of the user's API accounts on Binance (/binance/accounts),
 * chosen in the address (?api=<id>) so a reload keeps it; the first one until the user picks another.
 */
export function useBinanceAccount() {
  const [search, setSearch] = useSearchParams();
  const { data, query } = useCall('binanceAccounts', {});
  const accounts = data ?? [];
  const asked = Number(search.get('api'));
  const account = accounts.find((a) => a.apiId === asked) ?? accounts[0];
  const choose = (apiId: number) => setSearch({ api: String(apiId) }, { replace: true });
  return { accounts, account, choose, query };
}

export function AccountSelect({ binance }: { binance: ReturnType<typeof useBinanceAccount> }) {
  const { t } = useTranslation('binance');
  return (
    <Select
      style={{ minWidth: 180, maxWidth: '100%' }}
      aria-label={t('account')}
      value={binance.account?.apiId}
      onChange={binance.choose}
      options={binance.accounts.map((a) => ({ value: a.apiId, label: a.name }))}
    />
  );
}

/** Said clearly when the user has no Binance account, with the way to add one. */
export function NoBinanceAccount() {
  const { t } = useTranslation('binance');
  return (
    <Result
      status="info"
      title={t('noAccounts')}
      extra={
        <Link to="/api">
          <Button type="primary">{t('addApi')}</Button>
        </Link>
      }
    />
  );
}

/** The account list could not be read: said with a retry, not as "no Binance account". */
export function BinanceAccountsFailed({ binance }: { binance: ReturnType<typeof useBinanceAccount> }) {
  return <LoadFailed onRetry={() => void binance.query.refetch()} />;
}
