import { useState } from 'react';
import { Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/use-call';
import type { ChartUnit } from '../../domain/assets';
import type { AccountChange } from '#contract/types/assets';
import type { RatioRangeKey } from '#contract/rules/assets';
import { formatAmount, formatReturn } from '../../domain/format';
import { ToolCard } from '../../components/tool-card';
import { NoApiOrFailed } from './no-api';
import { DEFAULT_RANGE, RatioControls, RatioPanel } from './ratio-panel';
import { useApiAccounts } from './use-api-accounts';

/** An account's equity now and its change over the board's range (/asset/changing/rate/get). */
function ChangeText({ change, range }: { change: AccountChange | undefined; range: RatioRangeKey }) {
  const { t } = useTranslation('assets');
  if (!change) return null;
  const rate = change.rates[range];
  return (
    <Typography.Text type="secondary" data-testid={`board-change-${change.apiId}`}>
      {t('board.change', {
        equity: formatAmount(change.equity_usdt),
        range: t(`ranges.${range}`),
        rate: rate === undefined ? '-' : `${rate > 0 ? '+' : ''}${formatReturn(rate * 100)}`,
      })}
    </Typography.Text>
  );
}

/**
 * /assets/snapshot/board: every API's ratio curve side by side, one range (layout, default 3) and unit for
 * all; each card names the account's equity now and its change over that range (/asset/changing/rate/get).
 */
export default function AssetBoardPage() {
  const { t } = useTranslation('assets');
  const { apis, loading, failed, retry } = useApiAccounts();
  const { data: changes } = useCall('assetChangingRate', {});
  const [range, setRange] = useState<RatioRangeKey>(DEFAULT_RANGE);
  const [unit, setUnit] = useState<ChartUnit>('usdt');

  if (loading) return <Skeleton active />;
  if (apis.length === 0)
    return (
      <Card>
        <NoApiOrFailed failed={failed} onRetry={retry} />
      </Card>
    );
  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <Flex wrap gap={8} justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('board.title')}
        </Typography.Title>
        <Link to="/assets/snapshot">
          <Button icon={<CameraOutlined />}>{t('board.openSnapshot')}</Button>
        </Link>
      </Flex>
      <RatioControls range={range} unit={unit} onRange={setRange} onUnit={setUnit} />
      <Row gutter={[12, 12]}>
        {apis.map((api) => (
          <Col key={api.id} xs={24} lg={12} xxl={8}>
            <ToolCard
              size="small"
              title={api.name}
              tools={<ChangeText change={changes?.find((c) => c.apiId === api.id)} range={range} />}
              data-testid={`board-${api.id}`}
            >
              <RatioPanel endpoint="assetImaging" apiId={api.id} name={api.name} fixed={{ range, unit }} height={200} />
            </ToolCard>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
