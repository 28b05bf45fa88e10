import { useEffect, useState } from 'react';
import { Card, Col, Row, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ChildPosition, EarningsPoint, PositionStatistics, VirtualFigures } from '#contract/types/tasks';
import { useCall } from '../../api/use-call';
import { EarningsChart } from '../../components/earnings-chart';
import { INTERVALS, PAGING } from '#contract/rules/constants';
import { formatAmount, formatPrice, formatStatistic } from '../../domain/format';

function FiguresTable({ figures }: { figures: VirtualFigures | undefined }) {
  const { t } = useTranslation('task');
  return (
    <Table<VirtualFigures> rowKey={() => 'figures'} dataSource={figures ? [figures] : []} pagination={false} size="small" scroll={{ x: 'max-content' }}>
      <Table.Column<VirtualFigures> key="price" title={t('tradeInfo.columns.price')} render={(_, r) => formatPrice(r.price)} />
      <Table.Column<VirtualFigures> key="amount" title={t('tradeInfo.columns.amount')} render={(_, r) => formatAmount(r.amount)} />
      <Table.Column<VirtualFigures> key="earningsAmount" title={t('tradeInfo.columns.earningsAmount')} render={(_, r) => formatAmount(r.earnings_amount)} />
      <Table.Column<VirtualFigures> key="earnings" title={t('tradeInfo.columns.earnings')} render={(_, r) => formatStatistic(r.earnings)} />
    </Table>
  );
}

interface LegRow {
  key: string;
  side: string;
  leg: string;
  price: number;
  amount: number;
  margin: number | undefined;
}
/** A child's position (§3): f or r as two legs of [price, quantity], mt two margins. */
function ChildLegsTable({ position }: { position: ChildPosition | undefined }) {
  const { t } = useTranslation('task');
  const rows: LegRow[] = (['f', 'r'] as const).flatMap((side) =>
    (position?.[side] ?? []).map(([price, amount], i) => ({
      key: `${side}${i}`,
      side,
      leg: i === 0 ? t('tradeInfo.legA') : t('tradeInfo.legB'),
      price,
      amount,
      margin: position?.mt?.[i],
    })),
  );
  return (
    <Table<LegRow> rowKey="key" dataSource={rows} pagination={false} size="small" scroll={{ x: 'max-content' }}>
      <Table.Column<LegRow> key="side" title={t('tradeInfo.columns.side')} dataIndex="side" />
      <Table.Column<LegRow> key="leg" title={t('tradeInfo.columns.leg')} dataIndex="leg" />
      <Table.Column<LegRow> key="price" title={t('tradeInfo.columns.price')} render={(_, r) => formatPrice(r.price)} />
      <Table.Column<LegRow> key="amount" title={t('tradeInfo.columns.amount')} render={(_, r) => formatAmount(r.amount)} />
      <Table.Column<LegRow> key="margin" title={t('tradeInfo.columns.margin')} render={(_, r) => formatAmount(r.margin)} />
    </Table>
  );
}

interface ChangeRecord {
  id: number;
  change_type?: string;
  before?: unknown;
  after?: unknown;
  operator?: string;
  createtime?: string;
}
const shown = (value: unknown): string => (value === null || value === undefined ? '-' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** A task's change records (/changeServer/changerecords {task_id, bars, page_num} → datas, pages), a page at a time. */
function ChangeRecords({ taskId }: { taskId: number }) {
  const { t } = useTranslation('task');
  const [page, setPage] = useState(1);
  const size = PAGING.changeRecordsPageSize;
  const { data, query } = useCall('changeRecords', { task_id: taskId, bars: size, page_num: page });
  // the contract types datas loosely (§7 names no fields); these are the reference server's
  const rows = (data?.datas ?? []) as unknown as ChangeRecord[];
  return (
    <Table<ChangeRecord>
      rowKey="id"
      dataSource={rows}
      loading={query.isFetching}
      size="small"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('tradeInfo.noRecords') }}
      pagination={{ current: page, pageSize: size, total: (data?.pages ?? 1) * size, onChange: setPage, showSizeChanger: false, size: 'small' }}
    >
      <Table.Column<ChangeRecord> key="createtime" title={t('tradeInfo.changeColumns.createtime')} render={(_, r) => shown(r.createtime)} />
      <Table.Column<ChangeRecord>
        key="type"
        title={t('tradeInfo.changeColumns.type')}
        render={(_, r) => t(`tradeInfo.changeTypes.${r.change_type ?? 'unknown'}`, { defaultValue: shown(r.change_type) })}
      />
      <Table.Column<ChangeRecord>
        key="before"
        title={t('tradeInfo.changeColumns.before')}
        render={(_, r) => <Typography.Text code>{shown(r.before)}</Typography.Text>}
      />
      <Table.Column<ChangeRecord>
        key="after"
        title={t('tradeInfo.changeColumns.after')}
        render={(_, r) => <Typography.Text code>{shown(r.after)}</Typography.Text>}
      />
      <Table.Column<ChangeRecord> key="operator" title={t('tradeInfo.changeColumns.operator')} render={(_, r) => shown(r.operator)} />
    </Table>
  );
}

/**
 * /task/taskTradeInfo?id=&type=task|ctask (§2 task trade detail): current positions, closed profit
 * and loss, and the earnings curve of a task or a child task; a task also lists its change records.
 * An earnings failure shows the server's info (the notification provider) and goes back after 1 s.
 */
export default function TaskTradeInfoPage() {
  const { t } = useTranslation('task');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const child = search.get('type') === 'ctask';

  const taskPosition = useCall('taskPositionStatistics', { taskId: id }, { enabled: !child });
  const childPosition = useCall('taskChildrenPositionStatistics', { childrenTaskId: id }, { enabled: child });
  const taskEarnings = useCall('taskEarnings', { taskId: id }, { enabled: !child });
  const childEarnings = useCall('taskChildrenEarnings', { childrenTaskId: id }, { enabled: child });
  const earnings = child ? childEarnings : taskEarnings;
  const failed = earnings.query.isError;

  useEffect(() => {
    if (!failed) return undefined;
    const timer = setTimeout(() => void navigate(-1), INTERVALS.earningsFailureBackMs);
    return () => clearTimeout(timer);
  }, [failed, navigate]);

  // a child's statistics may come as the task's figures or as its legs
  const childReply = childPosition.data as (ChildPosition & Partial<PositionStatistics>) | undefined;
  const figures: PositionStatistics | undefined = child
    ? childReply?.task_virtual_position
      ? (childReply as PositionStatistics)
      : undefined
    : taskPosition.data;
  const points: EarningsPoint[] = earnings.data ?? [];

  return (
    <Card title={t(child ? 'tradeInfo.childTitle' : 'tradeInfo.title', { id })}>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('tradeInfo.positions')}>
            {child && !figures ? <ChildLegsTable position={childReply} /> : <FiguresTable figures={figures?.task_virtual_position} />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('tradeInfo.closed')}>
            <FiguresTable figures={figures?.task_virtual_earnings} />
          </Card>
        </Col>
        <Col span={24}>
          <Card size="small" title={t('tradeInfo.earnings')}>
            {points.length > 0 && (
              <EarningsChart
                label={t('tradeInfo.earnings')}
                data={points}
                timeName={t('chart.time')}
                valueName={t('chart.earnings')}
                formatValue={formatStatistic}
              />
            )}
          </Card>
        </Col>
        {!child && (
          <Col span={24}>
            <Card size="small" title={t('tradeInfo.changeRecords')}>
              <ChangeRecords taskId={id} />
            </Card>
          </Col>
        )}
      </Row>
    </Card>
  );
}
