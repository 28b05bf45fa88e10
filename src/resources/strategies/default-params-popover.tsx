import { Button, Descriptions, Popover, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ArbitrageStrategy } from '../../api/types';
import { DECIMALS } from '../../domain/constants';
import { readDefaultParams } from './params';

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

function ParamsContent({ strategy }: { strategy: ArbitrageStrategy }) {
  const { t, i18n } = useTranslation('strategies');
  const params = readDefaultParams(strategy.default_params);
  const money = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: DECIMALS.amount }).format(strategy.initial_money);
  return (
    <div style={{ maxWidth: 520, maxHeight: 420, overflow: 'auto' }}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'soleId', label: t('fields.soleId'), children: <Typography.Text copyable>{strategy.strategy_sole_id}</Typography.Text> },
          { key: 'initialMoney', label: t('fields.initialMoney'), children: money },
        ]}
      />
      {params === null ? (
        <Typography.Text type="danger">{t('messages.paramsUnreadable')}</Typography.Text>
      ) : Object.keys(params).length === 0 ? (
        <Typography.Text type="secondary">{t('messages.noParams')}</Typography.Text>
      ) : (
        <Descriptions
          size="small"
          bordered
          column={1}
          items={Object.entries(params).map(([key, value]) => ({ key, label: key, children: <ParamValueView value={value} /> }))}
        />
      )}
    </div>
  );
}

/** The per-strategy popover of spec §2: the default parameters, parsed from `default_params`. */
export function DefaultParamsPopover({ strategy }: { strategy: ArbitrageStrategy }) {
  const { t } = useTranslation('strategies');
  return (
    <Popover trigger="click" title={t('titles.params', { name: strategy.name })} content={<ParamsContent strategy={strategy} />}>
      <Button type="link" size="small">
        {t('buttons.params')}
      </Button>
    </Popover>
  );
}
