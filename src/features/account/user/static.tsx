import { useEffect, useState } from 'react';
import { Card, Col, Progress, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../domain/format';

/** Demo asset-progress page (spec §2): static numbers and a timer. */
const DEMO = { principal: 100_000, current: 118_420.55, target: 150_000 } as const;
const money = (value: number | string) => formatDecimal(value, 2);

export default function UserStaticPage() {
  const { t } = useTranslation();
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setElapsed((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  const progress = ((DEMO.current - DEMO.principal) / (DEMO.target - DEMO.principal)) * 100;
  return (
    <Card style={{ maxWidth: 880, margin: '24px auto' }} title={t('pages.user.progressTitle')}>
      <Typography.Text type="secondary">{t('pages.user.progressNote')}</Typography.Text>
      {/* two by two on a phone: four in a row overlapped their figures at 375 px */}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={12} md={6}>
          <Statistic title={t('pages.user.principal')} value={DEMO.principal} formatter={money} suffix="USDT" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('pages.user.current')} value={DEMO.current} formatter={money} suffix="USDT" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('pages.user.target')} value={DEMO.target} formatter={money} suffix="USDT" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('pages.user.elapsed')} value={elapsed} suffix="s" />
        </Col>
      </Row>
      <Progress aria-label={t('pages.user.progressTitle')} percent={Number(progress.toFixed(2))} style={{ marginTop: 16 }} />
    </Card>
  );
}
