import { useEffect, useMemo, useState } from 'react';
import { Alert, Card, Flex, Form, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCall } from '../../../api/use-call';
import { formatAmount, formatPrice, formatStatistic } from '../../../domain/format';
import { COMPARED, MINER_DEFAULTS, bestIds, compareMiners, type ComparedFigure, type ComparisonRow, type MinerConditions } from './miner';
import type { MinerModel } from '#contract/types/miner';
import { CONDITION_FIELDS, MinerFormItems, useNetworkDefaults, type MinerFormValues } from './inputs';

const NO_MODELS: MinerModel[] = [];
const FORMATS: Record<ComparedFigure, (value: unknown) => string> = {
  dailyProfit: formatAmount,
  monthlyProfit: formatAmount,
  efficiency: formatStatistic,
  breakEvenPrice: formatPrice,
};
const FIGURES = Object.keys(COMPARED) as ComparedFigure[];

/**
 * /main/mill1, the miner comparison: the models picked, side by side under one set of conditions
 * (electricity, pool fee, coin price, difficulty, reward): profit per day and per month, J/TH and the
 * break-even coin price, the best of each figure marked with the word "best".
 */
export default function MinerComparePage() {
  const { t } = useTranslation('miner');
  const models = useCall('minerModels', {}).data ?? NO_MODELS;
  const [picked, setPicked] = useState<number[]>();
  useEffect(() => {
    if (picked === undefined && models.length > 0) setPicked(models.map((m) => m.id));
  }, [models, picked]);
  const [form] = Form.useForm<MinerFormValues>();
  useNetworkDefaults(form);
  const values = Form.useWatch((all: MinerFormValues) => all, form);

  const chosen = useMemo(() => models.filter((m) => picked?.includes(m.id)), [models, picked]);
  const rows = useMemo(() => (chosen.length > 0 ? compareMiners(chosen, { ...values } as MinerConditions) : []), [chosen, values]);
  const best = useMemo(() => Object.fromEntries(FIGURES.map((figure) => [figure, bestIds(rows ?? [], figure)])) as Record<ComparedFigure, Set<number>>, [rows]);

  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('compare.title')}
      </Typography.Title>
      <Card size="small" title={t('compare.conditions')} extra={<Link to="/main/mill">{t('compare.editModels')}</Link>}>
        <Form form={form} layout="vertical" initialValues={MINER_DEFAULTS} aria-label={t('compare.conditions')}>
          <Form.Item label={t('compare.pick')}>
            <Select
              mode="multiple"
              aria-label={t('compare.pick')}
              value={picked ?? []}
              onChange={setPicked}
              options={models.map((m) => ({ value: m.id, label: m.name }))}
              optionFilterProp="label"
            />
          </Form.Item>
          <MinerFormItems fields={CONDITION_FIELDS} />
        </Form>
      </Card>
      {chosen.length === 0 && <Alert type="info" showIcon message={t('compare.empty')} />}
      {!rows && <Alert type="info" showIcon message={t('calculator.fix')} />}
      <Card size="small">
        <Table<ComparisonRow>
          rowKey={(row) => row.model.id}
          size="small"
          dataSource={rows ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'model', title: t('compare.model'), render: (_, row) => row.model.name },
            ...FIGURES.map((figure) => ({
              key: figure,
              title: t(`compare.${figure}`),
              align: 'right' as const,
              render: (_: unknown, row: ComparisonRow) => (
                <Space size={4} data-testid={`compare-${figure}-${row.model.id}`}>
                  {best[figure].has(row.model.id) && <Tag color="success">{t('compare.best')}</Tag>}
                  <span>{FORMATS[figure](COMPARED[figure].of(row.economics))}</span>
                </Space>
              ),
            })),
          ]}
        />
      </Card>
    </Flex>
  );
}
