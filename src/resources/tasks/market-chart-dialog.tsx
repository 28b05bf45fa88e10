import type { ReactNode } from 'react';
import { Empty, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../api/types';

/**
 * The market chart dialog for a task's pair (§2). PLACEHOLDER: the K-line chart of the market issue
 * (src/components/kline-chart) is not on main yet; the lead passes it as `renderChart` when merging.
 */
export function MarketChartDialog({ task, onClose, renderChart }: { task: Task; onClose: () => void; renderChart?: (task: Task) => ReactNode }) {
  const { t } = useTranslation('task');
  return (
    <Modal open title={`${t('actions.chart')} ${task.name}-${task.id}`} onCancel={onClose} footer={null} width={800} destroyOnHidden>
      {renderChart ? renderChart(task) : <Empty description={t('chart.placeholder')} />}
    </Modal>
  );
}
