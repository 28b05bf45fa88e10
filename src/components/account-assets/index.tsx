import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usedRates, type AssetSummary } from '../../domain/assets';
import { DECIMALS } from '#contract/rules/constants';
import { formatAmount, formatDecimal } from '../../domain/format';
import { UsedRateBars } from './used-rate-bars';

/** §2 summary: net assets USDT, principal value USDT, total position; the used-rate bars beneath. */
export function AssetSummaryCard({ summary, rowsNetAssets }: { summary: AssetSummary; rowsNetAssets: number }) {
  const { t } = useTranslation('assets');
  const figures = [
    { key: 'netAssets', value: summary.netAssets, precision: DECIMALS.amount },
    { key: 'principal', value: summary.principal, precision: DECIMALS.amount },
    { key: 'totalPosition', value: summary.totalPosition, precision: DECIMALS.amount },
  ];
  return (
    <Card size="small">
      <Row gutter={[16, 16]}>
        {figures.map(({ key, value, precision }) => (
          <Col xs={24} sm={8} key={key}>
            <div data-testid={`summary-${key}`}>
              <Statistic title={t(`summary.${key}`)} value={value} formatter={(figure) => formatDecimal(figure, precision)} />
            </div>
          </Col>
        ))}
        <Col span={24}>
          <Typography.Text type="secondary">{t('summary.rowsCheck', { value: formatAmount(rowsNetAssets) })}</Typography.Text>
        </Col>
        <Col span={24}>
          <UsedRateBars rates={usedRates(summary)} />
        </Col>
      </Row>
    </Card>
  );
}
