import { Button, Col, Divider, Row, Space, Statistic, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '../../../components/panel';
import { Heading, PlainText } from '../../../components/plain-text';
import { PublicShell } from '../../../components/public-shell';
import { HowToSteps } from '../../../components/how-to-steps';
import { Sparkline } from '../../../components/sparkline';
import { readSession } from '../../../providers/session';
import { DEMO_STRATEGIES } from './demo-strategies';

/** Landing page: banner, strategy showcase (fixed demo numbers), how-to steps, footer. */
export default function HomePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const signedIn = readSession() !== null;
  return (
    <PublicShell>
      <section style={{ padding: '64px 24px', textAlign: 'center', background: token.colorPrimaryBg }}>
        <Heading>{t('pages.home.heroTitle')}</Heading>
        <PlainText paragraph style={{ maxWidth: 720, margin: '0 auto 24px' }}>
          {t('pages.home.heroText')}
        </PlainText>
        <Space wrap>
          <Link to={signedIn ? '/market' : '/login'}>
            <Button type="primary" size="large">
              {t(signedIn ? 'pages.home.enterConsole' : 'pages.home.start')}
            </Button>
          </Link>
          <Link to="/guide">
            <Button size="large">{t('pages.home.viewGuide')}</Button>
          </Link>
        </Space>
      </section>

      <section style={{ padding: '48px 24px', maxWidth: 1200, margin: '0 auto' }}>
        <Heading level={2}>{t('pages.home.showcaseTitle')}</Heading>
        <PlainText tone="secondary">{t('pages.home.showcaseNote')}</PlainText>
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          {DEMO_STRATEGIES.map((strategy) => (
            <Col xs={24} md={8} key={strategy.key}>
              <Panel title={t(`pages.strategies.${strategy.key}`)}>
                <Sparkline values={strategy.curve} label={t(`pages.strategies.${strategy.key}`)} />
                <Row gutter={8} style={{ marginTop: 12 }}>
                  <Col span={8}>
                    <Statistic title={t('pages.home.annualized')} value={strategy.annualized} precision={2} suffix="%" />
                  </Col>
                  <Col span={8}>
                    <Statistic title={t('pages.home.maxDrawdown')} value={strategy.maxDrawdown} precision={2} suffix="%" />
                  </Col>
                  <Col span={8}>
                    <Statistic title={t('pages.home.runningDays')} value={strategy.runningDays} />
                  </Col>
                </Row>
              </Panel>
            </Col>
          ))}
        </Row>
      </section>

      <section style={{ padding: '48px 24px', maxWidth: 1200, margin: '0 auto' }}>
        <Heading level={2}>{t('pages.home.stepsTitle')}</Heading>
        <HowToSteps />
      </section>

      <footer style={{ padding: '32px 24px', background: token.colorFillQuaternary }}>
        <Row gutter={24} style={{ maxWidth: 1200, margin: '0 auto' }}>
          <Col xs={24} md={8}>
            <Heading level={5}>{t('pages.home.footerAbout')}</Heading>
            <PlainText tone="secondary">{t('pages.home.footerAboutText')}</PlainText>
          </Col>
          <Col xs={24} md={8}>
            <Heading level={5}>{t('pages.home.footerHelp')}</Heading>
            <Link to="/guide">{t('nav.guide')}</Link>
          </Col>
          <Col xs={24} md={8}>
            <Heading level={5}>{t('pages.home.footerLinks')}</Heading>
            <Space direction="vertical" size={0}>
              <Link to="/login">{t('header.login')}</Link>
              <Link to="/market">{t('nav.market')}</Link>
            </Space>
          </Col>
        </Row>
        <Divider />
        <PlainText paragraph tone="secondary" style={{ textAlign: 'center', margin: 0 }}>
          {t('pages.home.footerRisk')}
        </PlainText>
      </footer>
    </PublicShell>
  );
}
