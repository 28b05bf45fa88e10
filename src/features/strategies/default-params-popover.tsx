import { Button, Descriptions, Popover, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ArbitrageStrategy, ParamSections } from '#contract/types/strategies';
import { useCall } from '../../api/use-call';
import { formatAmount } from '../../domain/format';

/** One parameter value, readably: objects such as dlt {CW, NW, CQ, NQ} as one tag per key. */
function ParamValueView({ value }: { value: unknown }) {
  const { t } = useTranslation('strategies');
  if (typeof value === 'boolean') return <>{t(value ? 'values.true' : 'values.false')}</>;
  if (value === '' || value === null || value === undefined) return <Typography.Text type="secondary">{t('values.empty')}</Typography.Text>;
  if (typeof value === 'object' && !Array.isArray(value)) {
    return (
      <Space size={[4, 4]} wrap>
        {Object.entries(value).map(([key, inner]) => (
          <Tag key={key}>
            {key}: {typeof inner === 'object' ? JSON.stringify(inner) : String(inner)}
          </Tag>
        ))}
      </Space>
    );
  }
  return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
}

/** The sections of /strategy/params/get{,2}, in the order §7 names them. */
const SECTIONS: readonly (keyof ParamSections)[] = ['taskBaseParams', 'debitCreditParams', 'strategyParams'];

/** The popover's content (mounted at each opening, so it reads the parameters again): the default parameters from /strategy/params/get2, grouped as the server groups them. */
function ParamsContent({ strategy }: { strategy: ArbitrageStrategy }) {
  const { t } = useTranslation('strategies');
  const { data: sections, query } = useCall('strategyParamsGet2', { strategyId: strategy.id }, { staleTime: 0 });
  const filled = sections ? SECTIONS.filter((key) => Object.keys(sections[key] ?? {}).length > 0) : [];
  return (
    <div style={{ maxWidth: 520, maxHeight: 420, overflow: 'auto' }}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'soleId', label: t('fields.soleId'), children: <Typography.Text copyable>{strategy.strategy_sole_id}</Typography.Text> },
          { key: 'initialMoney', label: t('fields.initialMoney'), children: formatAmount(strategy.initial_money) },
        ]}
      />
      {query.isError ? (
        <Typography.Text type="danger">{t('messages.paramsUnreadable')}</Typography.Text>
      ) : !sections ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : filled.length === 0 ? (
        <Typography.Text type="secondary">{t('messages.noParams')}</Typography.Text>
      ) : (
        filled.map((section) => (
          <Descriptions
            key={section}
            size="small"
            bordered
            column={1}
            title={t(`sections.${section}`)}
            style={{ marginBottom: 8 }}
            items={Object.entries(sections[section]).map(([key, value]) => ({ key, label: key, children: <ParamValueView value={value} /> }))}
          />
        ))
      )}
    </div>
  );
}

/** The per-strategy popover of spec §2: the default parameters, parsed from `default_params`. */
export function DefaultParamsPopover({ strategy }: { strategy: ArbitrageStrategy }) {
  const { t } = useTranslation('strategies');
  return (
    <Popover trigger="click" destroyOnHidden title={t('titles.params', { name: strategy.name })} content={<ParamsContent strategy={strategy} />}>
      <Button type="link" size="small">
        {t('buttons.params')}
      </Button>
    </Popover>
  );
}
