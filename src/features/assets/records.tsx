import { useEffect, useState } from 'react';
import { useCustom } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiAccount } from '#contract/types/api-accounts';
import type { AssetTradeRecord } from '#contract/types/assets';
import { borrowLine, borrowRecord, joinApiIds, type AccountAssets, type LedgerRecord } from '../../domain/assets';
import { useCall } from '../../api/use-call';
import { writeLiveRecords } from '../../live/resources';
import { formatAmount, formatMinute, formatPrice, formatQuantity, EMPTY_VALUE } from '../../domain/format';
import { ManualTradeDialog } from '../../components/manual-trade-dialog';

/** The calls that read an account's records when its socket message is not there yet (§7 Assets). */
const RECORD_CALLS = { ledger: 'assetLedgerLog', borrow: 'assetBorrowRecords' } as const;
type RecordPart = keyof typeof RECORD_CALLS;

/** Fetches one account's records once and writes them into its record of the assets resource, as the socket would. */
function FetchRecords({ apiId, part }: { apiId: number; part: RecordPart }) {
  const queryClient = useQueryClient();
  const { data } = useCall(RECORD_CALLS[part], { apiId });
  useEffect(() => {
    if (data) writeLiveRecords(queryClient, 'assets', [{ id: apiId, patch: { [part]: data } }]);
  }, [queryClient, apiId, part, data]);
  return null;
}

/**
 * The ledger and borrow records come with each account's socket message; for an account the socket
 * has not answered yet (a tab opened at once), they are fetched by their calls instead.
 */
export function RecordsUntilLive({ accounts, part }: { accounts: readonly AccountAssets[]; part: RecordPart }) {
  return accounts.filter((a) => a[part] === undefined).map((a) => <FetchRecords key={a.apiId} apiId={a.apiId} part={part} />);
}

/** §2 transfer records: currency, amount, type, time (the asset feed's ledger). */
export function TransferRecords({ records }: { records: readonly LedgerRecord[] }) {
  const { t } = useTranslation('assets');
  return (
    <Table<LedgerRecord>
      rowKey="key"
      size="small"
      dataSource={[...records]}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('transfers.empty') }}
      columns={[
        { key: 'currency', dataIndex: 'currency', title: t('transfers.currency'), render: (v: string) => v.toUpperCase() || EMPTY_VALUE },
        { key: 'amount', dataIndex: 'amount', title: t('transfers.amount'), align: 'right', render: formatAmount },
        { key: 'type', dataIndex: 'type', title: t('transfers.type'), render: (v: string) => t(`transfers.types.${v}`, { defaultValue: v }) },
        { key: 'time', dataIndex: 'time', title: t('transfers.time'), render: (v: string) => formatMinute(v) },
      ]}
    />
  );
}

/** §2 borrow records: numbered lines, or 'no borrow records yet'. */
export function BorrowRecords({ records }: { records: readonly unknown[] }) {
  const { t } = useTranslation('assets');
  if (records.length === 0) return <Empty description={t('borrow.empty')} />;
  const lineOf = (entry: unknown) => {
    const record = borrowRecord(entry);
    if (!record) return borrowLine(entry);
    return t('borrow.line', {
      time: formatMinute(record.time),
      type: t(`borrow.types.${record.type}`, { defaultValue: record.type }),
      currency: record.currency.toUpperCase(),
      amount: formatAmount(record.amount),
      balance: formatAmount(record.balance),
    });
  };
  return (
    <ol data-testid="borrow-records" style={{ paddingInlineStart: 24, margin: 0 }}>
      {records.map((entry, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the records are a log read whole, without ids: a line's place in it is what names it
        <li key={i}>
          <Typography.Text style={{ wordBreak: 'break-word' }}>{lineOf(entry)}</Typography.Text>
        </li>
      ))}
    </ol>
  );
}

/** §2 trade records of the APIs shown: /asset/trade/records/get {apiId: ids joined}. */
export function TradeRecords({ apiIds }: { apiIds: readonly number[] }) {
  const { t } = useTranslation('assets');
  const { result, query } = useCustom<AssetTradeRecord[]>({
    url: 'assetTradeRecords',
    method: 'get',
    config: { query: { apiId: joinApiIds(apiIds) } },
  });
  const rows = (Array.isArray(result?.data) ? result.data : []).map((row, i) => ({ ...row, key: String(row.id ?? i) }));
  return (
    <Table
      rowKey="key"
      size="small"
      loading={query.isLoading}
      dataSource={rows}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('trades.empty') }}
      columns={[
        { key: 'time', dataIndex: 'time', title: t('trades.time'), render: (v: string) => formatMinute(v) },
        { key: 'instrument', dataIndex: 'instrument_id', title: t('trades.instrument') },
        { key: 'type', dataIndex: 'type', title: t('trades.type'), render: (v: string | number) => t(`trades.types.${v}`, { defaultValue: String(v ?? '') }) },
        { key: 'price', dataIndex: 'price', title: t('trades.price'), align: 'right', render: formatPrice },
        { key: 'amount', dataIndex: 'amount', title: t('trades.amount'), align: 'right', render: formatQuantity },
        { key: 'fee', dataIndex: 'fee', title: t('trades.fee'), align: 'right', render: formatAmount },
      ]}
    />
  );
}

/** §2 manual trading on the one API selected (the API list's manual trade dialog). */
export function ManualTrading({ api }: { api: ApiAccount }) {
  const { t } = useTranslation('assets');
  const [open, setOpen] = useState(false);
  return (
    <Flex vertical gap={8} align="flex-start">
      <Typography.Text type="secondary">{t('manual.hint')}</Typography.Text>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('manual.open')}
      </Button>
      {open && <ManualTradeDialog api={api} onClose={() => setOpen(false)} />}
    </Flex>
  );
}
