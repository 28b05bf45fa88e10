import { lazy, Suspense } from 'react';
import { Empty, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Task } from '#contract/types/tasks';
import { klineLegsOf } from '../../domain/task';
import { useUpDownColors } from '../../components/up-down-colors';

/** The market's K-line panel (frames, positive/negative spread); it and its chart engine load on first open. */
const KlinePanel = lazy(() => import('../../components/kline-chart'));

/**
 * The market chart dialog for a task's pair (§2): the spread K-line of its two legs (leg A's and leg
 * B's exchange and contract type, the task codes read as the market's) for its currency.
 */
export function MarketChartDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useTranslation('task');
  const colors = useUpDownColors();
  const legs = klineLegsOf(task.params);
  const currency = String(task.params.currency_type ?? '');
  return (
    <Modal open title={`${t('actions.chart')} ${task.name}-${task.id}`} onCancel={onClose} footer={null} width={800} destroyOnHidden>
      {legs && currency ? (
        <Suspense fallback={<Skeleton active />}>
          <KlinePanel legs={legs} currency={currency} colors={colors} height={320} />
        </Suspense>
      ) : (
        <Empty description={t('chart.noPair')} />
      )}
    </Modal>
  );
}
