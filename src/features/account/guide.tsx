import { Button, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '../../components/panel';
import { PublicShell } from '../../components/public-shell';
import { HOW_TO_STEPS } from '../../components/how-to-steps';

/** Newcomer guide: registering, signing the contract, binding an API, picking a strategy, parameters. */
const WALKTHROUGH = [
  { title: 'pages.guide.registerTitle', text: 'pages.guide.registerText' },
  ...HOW_TO_STEPS.map((step) => ({ title: `pages.steps.${step}Title`, text: `pages.steps.${step}Text` })),
  { title: 'pages.guide.strategyTitle', text: 'pages.guide.strategyText' },
  { title: 'pages.guide.paramsTitle', text: 'pages.guide.paramsText' },
];

export default function GuidePage() {
  const { t } = useTranslation();
  return (
    <PublicShell>
      <Panel style={{ maxWidth: 880, margin: '32px auto' }}>
        <Typography.Title level={2}>{t('pages.guide.title')}</Typography.Title>
        <Typography.Paragraph>{t('pages.guide.intro')}</Typography.Paragraph>
        <Steps direction="vertical" current={-1} items={WALKTHROUGH.map((step) => ({ title: t(step.title), description: t(step.text) }))} />
        <Space>
          <Link to="/api">
            <Button type="primary">{t('pages.guide.toApi')}</Button>
          </Link>
          <Link to="/task">
            <Button>{t('pages.guide.toTasks')}</Button>
          </Link>
        </Space>
      </Panel>
    </PublicShell>
  );
}
