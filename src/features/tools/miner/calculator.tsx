import { useMemo } from 'react';
import { Alert, Card, Col, Descriptions, Flex, Form, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { COIN_DECIMALS, MINER_DEFAULTS, minerEconomics, modelOfSearch, type MinerPeriod } from './miner';
import { formatAmount, formatDecimal, formatPrice, formatStatistic } from '../../../domain/format';
import { MinerFormItems, inputsOf, useNetworkDefaults, type MinerFormValues } from './inputs';

const PERIOD_FIGURES = [
  ['coin', (v: number) => formatDecimal(v, COIN_DECIMALS)],
  ['revenue', formatAmount],
  ['electricity', formatAmount],
  ['profit', formatAmount],
] as const satisfies readonly [keyof MinerPeriod, (v: number) => string][];

function PeriodCard({ period, title, values }: { period: 'daily' | 'monthly'; title: string; values: MinerPeriod | undefined }) {
  const { t } = useTranslation('miner');
  return (
    <Card size="small" title={title}>
      <Descriptions
        size="small"
        column={1}
        items={PERIOD_FIGURES.map(([key, format]) => ({
          key,
          label: t(`calculator.${key}`),
          children: (
            <Typography.Text
              data-testid={`miner-${period}-${key}`}
              type={key === 'profit' && values && values.profit < 0 ? 'danger' : undefined}
              strong={key === 'profit'}
            >
              {format(values?.[key] as number)}
            </Typography.Text>
          ),
        }))}
      />
    </Card>
  );
}

/**
 * /main/mill2, the BTC miner calculator: hash rate, power, electricity price, pool fee, coin price,
 * difficulty and block reward in; coin, revenue, electricity and profit per day and per 30 days, and the
 * break-even coin and electricity prices out (./miner.ts), following the form as the user types.
 * The model table's "open in the calculator" fills the miner from the address.
 */
export default function MinerCalculatorPage() {
  const { t } = useTranslation('miner');
  const [search] = useSearchParams();
  const model = useMemo(() => modelOfSearch(search), [search]);
  const [form] = Form.useForm<MinerFormValues>();
  useNetworkDefaults(form);
  const values = Form.useWatch((all: MinerFormValues) => all, form);
  const economics = minerEconomics(inputsOf(values));

  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('calculator.title')}
      </Typography.Title>
      <Card size="small" title={model.name ? t('calculator.model', { name: model.name }) : t('calculator.inputs')}>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ ...MINER_DEFAULTS, hashrate: model.hashrate, power: model.power }}
          aria-label={t('calculator.inputs')}
        >
          <MinerFormItems fields={['hashrate', 'power', 'electricityPrice', 'poolFee', 'coinPrice', 'difficulty', 'blockReward']} />
        </Form>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('calculator.networkHint')} {t('calculator.formula')}
        </Typography.Paragraph>
      </Card>
      {!economics && <Alert type="info" showIcon message={t('calculator.fix')} />}
      <Row gutter={[12, 12]}>
        <Col xs={24} md={12}>
          <PeriodCard period="daily" title={t('calculator.daily')} values={economics?.daily} />
        </Col>
        <Col xs={24} md={12}>
          <PeriodCard period="monthly" title={t('calculator.monthly')} values={economics?.monthly} />
        </Col>
      </Row>
      <Card size="small" title={t('calculator.breakEven')}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 1, md: 3 }}
          items={[
            {
              key: 'breakEvenPrice',
              label: t('calculator.breakEvenPrice'),
              children: <span data-testid="miner-breakEvenPrice">{formatPrice(economics?.breakEvenPrice)}</span>,
            },
            {
              key: 'breakEvenElectricity',
              label: t('calculator.breakEvenElectricity'),
              children: <span data-testid="miner-breakEvenElectricity">{formatPrice(economics?.breakEvenElectricity)}</span>,
            },
            {
              key: 'efficiency',
              label: t('calculator.efficiency'),
              children: <span data-testid="miner-efficiency">{formatStatistic(economics?.efficiency)}</span>,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
