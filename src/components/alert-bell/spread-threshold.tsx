import { useState } from 'react';
import { App, Button, Flex, InputNumber, Popover, Segmented, Space, Typography } from 'antd';
import { BellFilled, BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALERT_LIMITS, DIRECTIONS, SPREAD_FIELDS, type Direction, type SpreadField, type SpreadRuleParams } from '#contract/rules/alerts';
import { tableKey } from '#contract/rules/market';
import type { MarketTable } from '#contract/types/market';
import { useCall, useCallMutation } from '../../api/use-call';

const QUIET = { successNotification: false } as const;

/** The form of a row's threshold: the rule there is, or a positive spread above 0 %. */
function ThresholdForm({
  table,
  currency,
  rule,
  onDone,
}: {
  table: MarketTable;
  currency: string;
  rule: (SpreadRuleParams & { id: number }) | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation('alerts');
  const { message } = App.useApp();
  const save = useCallMutation('alertRuleSave', QUIET);
  const remove = useCallMutation('alertRuleDelete', QUIET);
  const [field, setField] = useState<SpreadField>(rule?.field ?? 'positive');
  const [direction, setDirection] = useState<Direction>(rule?.direction ?? 'above');
  const [threshold, setThreshold] = useState<number | null>(rule?.threshold ?? 0);

  const submit = () => {
    if (threshold === null) return;
    save.mutate(
      { kind: 'spread', table, currency, field, direction, threshold, ...(rule ? { id: rule.id } : {}) },
      {
        onSuccess: () => {
          message.success(t('threshold.saved'));
          onDone();
        },
      },
    );
  };
  const drop = () =>
    rule &&
    remove.mutate(
      { id: rule.id },
      {
        onSuccess: () => {
          message.success(t('threshold.removed'));
          onDone();
        },
      },
    );

  return (
    <Space direction="vertical" size="small" style={{ width: 'min(280px, calc(100vw - 48px))' }}>
      <Typography.Text>{t('threshold.field')}</Typography.Text>
      <Segmented<SpreadField>
        aria-label={t('threshold.field')}
        size="small"
        value={field}
        onChange={setField}
        options={SPREAD_FIELDS.map((value) => ({ value, label: t(`fields.${value}`) }))}
      />
      <Typography.Text>{t('threshold.direction')}</Typography.Text>
      <Segmented<Direction>
        aria-label={t('threshold.direction')}
        size="small"
        value={direction}
        onChange={setDirection}
        options={DIRECTIONS.map((value) => ({ value, label: t(`directions.${value}`) }))}
      />
      <Typography.Text>{t('threshold.value')}</Typography.Text>
      <InputNumber
        aria-label={t('threshold.value')}
        size="small"
        min={ALERT_LIMITS.threshold.min}
        max={ALERT_LIMITS.threshold.max}
        step={0.01}
        value={threshold}
        onChange={setThreshold}
        style={{ width: '100%' }}
      />
      <Flex gap="small" justify="flex-end" wrap>
        {rule && (
          <Button size="small" danger onClick={drop} loading={remove.isPending}>
            {t('threshold.remove')}
          </Button>
        )}
        <Button size="small" type="primary" onClick={submit} loading={save.isPending} disabled={threshold === null}>
          {t('threshold.save')}
        </Button>
      </Flex>
    </Space>
  );
}

/**
 * The /market row's alert action: a bell button (filled while the row has a rule) opening a
 * popover that sets the row's spread threshold — one spread rule per row, saved on the server.
 */
export function SpreadAlertButton({ table, currency }: { table: MarketTable; currency: string }) {
  const { t } = useTranslation('alerts');
  const [open, setOpen] = useState(false);
  // one query for the whole board: every row's button reads the same rule list
  const rules = useCall('alertRuleList', {}, { staleTime: 30_000 });
  const rule = rules.data?.find(
    (r): r is Extract<typeof r, { kind: 'spread' }> => r.kind === 'spread' && r.currency === currency && tableKey(r.table) === tableKey(table),
  );
  const name = currency.toUpperCase();
  const done = () => {
    setOpen(false);
    void rules.query.refetch();
  };
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
      title={t('threshold.title', { currency: name })}
      content={<ThresholdForm table={table} currency={currency} rule={rule} onDone={done} />}
    >
      <Button
        size="small"
        type="text"
        icon={rule ? <BellFilled /> : <BellOutlined />}
        aria-label={t('threshold.open', { currency: name })}
        data-active={!!rule}
        data-testid={`alert-${currency}`}
      />
    </Popover>
  );
}

/** The render slot the board's tables take (src/features/market/market-table.tsx `rowAction`). */
export const spreadAlertAction = (table: MarketTable, currency: string) => <SpreadAlertButton table={table} currency={currency} />;
