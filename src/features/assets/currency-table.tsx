import { memo, useMemo, useState } from 'react';
import { useCustom } from '@refinedev/core';
import { Button, Empty, Modal, Skeleton, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ASSET_COLUMNS, type CurrencyRow } from '../../domain/assets';
import { SPOT_CONTRACT } from '#contract/rules/codes';
import { formatNumber, formatPrice } from '../../domain/format';
import { RatioChart } from '../../components/ratio-chart';
import type { CurrencyPoint } from '#contract/types/assets';

/** The currency's chart: /get/currency/information {bourse, types, currency} (types = spot). */
function CurrencyChart({ currency, bourse }: { currency: string; bourse: number }) {
  const { t } = useTranslation('assets');
  const { result, query } = useCustom<CurrencyPoint[]>({
    url: 'currencyInformation',
    method: 'get',
    config: { query: { bourse, types: SPOT_CONTRACT, currency } },
  });
  const data = useMemo(() => (Array.isArray(result?.data) ? result.data : []).map((p) => ({ time: p.dateTime, price: Number(p.price) })), [result?.data]);
  if (query.isLoading) return <Skeleton active />;
  if (data.length === 0) return <Empty description={t('chart.empty')} />;
  return <RatioChart label={t('chart.currencyTitle', { currency })} data={data} series={[{ field: 'price', name: t('chart.price'), format: formatPrice }]} />;
}

/** §2 per-currency table: currency and the 19 columns in the spec's order, §9 decimals; a currency opens its chart. */
export const CurrencyTable = memo(function CurrencyTable({ rows, bourse, loading }: { rows: readonly CurrencyRow[]; bourse: number; loading?: boolean }) {
  const { t } = useTranslation('assets');
  const [open, setOpen] = useState<string>();
  const columns = useMemo<TableColumnsType<CurrencyRow>>(
    () => [
      {
        key: 'currency',
        dataIndex: 'currency',
        title: t('columns.currency'),
        fixed: 'left',
        render: (currency: string) => (
          <Button type="link" size="small" onClick={() => setOpen(currency)} aria-label={t('table.openChart', { currency: currency.toUpperCase() })}>
            {currency.toUpperCase()}
          </Button>
        ),
      },
      ...ASSET_COLUMNS.map(({ key, decimals }) => ({
        key,
        dataIndex: key,
        title: t(`columns.${key}`),
        align: 'right' as const,
        render: (value: unknown) => formatNumber(value, decimals),
      })),
    ],
    [t],
  );
  return (
    <>
      <Table<CurrencyRow>
        rowKey="currency"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={[...rows]}
        pagination={false}
        scroll={{ x: 'max-content' }}
        title={() => t('table.title')}
      />
      <Modal
        open={open !== undefined}
        title={open ? t('chart.currencyTitle', { currency: open.toUpperCase() }) : undefined}
        footer={null}
        onCancel={() => setOpen(undefined)}
        destroyOnHidden
        width={720}
      >
        {open && <CurrencyChart currency={open} bourse={bourse} />}
      </Modal>
    </>
  );
});
