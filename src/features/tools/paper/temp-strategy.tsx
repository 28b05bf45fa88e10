import { useMemo, useState } from 'react';
import { useCan, useInvalidate } from '@refinedev/core';
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PaperRun } from '#contract/types/paper';
import { useCall, useCallMutation } from '../../../api/use-call';
import { formatParamValue, newStrategySoleId, parseParamValue, readDefaultParams } from '../../../domain/strategy-params';
import { RunDetail } from './run-detail';

/**
 * The main file of a strategy saved from a paper run: the §5 header (`# name/{params}/paper`) carries
 * its default parameters, so the library's add call (/save_strategy_files) reads them as from any upload.
 */
export const paperMainFile = (name: string, params: Record<string, unknown>): File =>
  new File([`# ${name.replace(/[/\n]/g, ' ')}/${JSON.stringify(params)}/paper\n`], 'paper_strategy.py', { type: 'text/x-python' });

interface FormValues {
  name?: string;
  params: Record<string, string>;
}

/** Save the run's parameters as a new arbitrage strategy (super user only, as the library is). */
function SaveAsStrategy({ run, initialMoney }: { run: PaperRun; initialMoney: number }) {
  const { t } = useTranslation('paper');
  const canAdd = useCan({ resource: 'strategies', action: 'create' }).data?.can;
  const [name, setName] = useState(run.name);
  const [saved, setSaved] = useState<string>();
  const save = useCallMutation('strategySaveFiles');
  const invalidate = useInvalidate();
  const submit = () =>
    save.mutate(
      {
        strategyName: name.trim(),
        strategySoleId: newStrategySoleId(),
        initialMoney,
        defaultParams: JSON.stringify(run.params),
        file: paperMainFile(name.trim(), run.params),
        relyOnFiles: [],
      },
      {
        successNotification: () => ({ type: 'success', message: t('temp.saved', { name: name.trim() }) }),
        onSuccess: (strategy) => {
          // a write's reply may be empty (contract/reply-shapes.ts): then the name sent is the one saved
          setSaved(strategy?.name ?? name.trim());
          void invalidate({ resource: 'strategies', invalidates: ['list'] });
        },
      },
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%', maxWidth: 520 }}>
        <Input
          aria-label={t('temp.newName')}
          placeholder={t('temp.newName')}
          value={name}
          maxLength={64}
          onChange={(e) => setName(e.target.value)}
          disabled={!canAdd}
        />
        <Button onClick={submit} loading={save.isPending} disabled={!canAdd || !name.trim()} data-testid="paper-save">
          {t('temp.save')}
        </Button>
      </Space.Compact>
      {!canAdd ? <Typography.Text type="secondary">{t('temp.saveNeedsSuper')}</Typography.Text> : null}
      {saved ? <Alert type="success" showIcon message={t('temp.saved', { name: saved })} /> : null}
    </Space>
  );
}

/**
 * The temporary strategy (/main/tempStrategy in the console, /temp/strategy outside its shell: this one
 * component): pick a library strategy, change its default parameters, run them on the simulated market
 * (a paper run: the task engine without an exchange account), watch the equity and orders live, stop,
 * and save the parameters as a new library strategy. The run shown is in the address (`?run=`).
 */
export default function TempStrategyPage() {
  const { t } = useTranslation('paper');
  const [search, setSearch] = useSearchParams();
  const runId = Number(search.get('run')) || undefined;
  const { data: strategies, query: strategiesQuery } = useCall('strategyHome', {});
  const [strategyId, setStrategyId] = useState<number>();
  const chosenId = strategyId ?? strategies?.[0]?.id;
  const strategy = strategies?.find((s) => s.id === chosenId);
  const defaults = useMemo(() => readDefaultParams(strategy?.default_params) ?? {}, [strategy]);
  const [form] = Form.useForm<FormValues>();
  const start = useCallMutation('paperStart');
  const stop = useCallMutation('paperStop');

  const run = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values || !strategy) return;
    const params = Object.fromEntries(Object.entries(values.params ?? {}).map(([key, text]) => [key, parseParamValue(text)]));
    start.mutate(
      { strategyId: strategy.id, params: JSON.stringify(params), name: values.name?.trim() || undefined },
      // a write's reply may be empty (contract/reply-shapes.ts): without the run's id there is no run to show
      { onSuccess: (started) => started?.id && setSearch({ run: String(started.id) }) },
    );
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="temp-strategy-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('temp.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('temp.intro')}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9}>
          <Card size="small" title={t('temp.parameters')}>
            <Form<FormValues>
              form={form}
              layout="vertical"
              key={chosenId}
              initialValues={{ params: Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, formatParamValue(v)])) }}
            >
              <Form.Item label={t('temp.strategy')}>
                <Select
                  aria-label={t('temp.strategy')}
                  loading={strategiesQuery.isLoading}
                  value={chosenId}
                  onChange={setStrategyId}
                  options={(strategies ?? []).map((s) => ({ value: s.id, label: s.name }))}
                  data-testid="paper-strategy"
                />
              </Form.Item>
              <Form.Item name="name" label={t('temp.runName')}>
                <Input maxLength={64} placeholder={strategy?.name} />
              </Form.Item>
              {Object.keys(defaults).map((key) => (
                <Form.Item key={key} name={['params', key]} label={key} style={{ marginBottom: 8 }}>
                  <Input data-testid={`param-${key}`} />
                </Form.Item>
              ))}
              <Button type="primary" onClick={run} loading={start.isPending} disabled={!strategy} data-testid="paper-start" style={{ marginTop: 8 }}>
                {t('temp.start')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          {runId ? (
            <RunDetail
              key={runId}
              runId={runId}
              extra={(shown) => (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {shown.running && !shown.demo ? (
                    <Button danger onClick={() => stop.mutate({ runId: shown.id })} loading={stop.isPending} data-testid="paper-stop">
                      {t('temp.stop')}
                    </Button>
                  ) : null}
                  <SaveAsStrategy run={shown} initialMoney={strategies?.find((s) => s.id === shown.strategy_id)?.initial_money ?? Number(shown.initial)} />
                </Space>
              )}
            />
          ) : (
            <Card size="small">
              <Typography.Text type="secondary">{t('temp.noRun')}</Typography.Text>
            </Card>
          )}
        </Col>
      </Row>
    </Space>
  );
}
