import { List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InitResult } from '#contract/types/api-accounts';

/** /api/init's result per instrument: ok, or the exchange's error as it said it. */
export function InitResults({ instruments }: { instruments: InitResult[] }) {
  const { t } = useTranslation('apis');
  const ok = instruments.filter((i) => i.ok).length;
  return (
    <>
      <Typography.Paragraph>{t('init.summary', { ok, total: instruments.length })}</Typography.Paragraph>
      <List
        size="small"
        dataSource={instruments}
        rowKey="instrument"
        renderItem={(item) => (
          <List.Item data-testid={`init-${item.instrument}`}>
            <Typography.Text strong>{item.instrument}</Typography.Text>
            {item.ok ? (
              <Tag color="green">{t('init.ok')}</Tag>
            ) : (
              <Typography.Text type="danger" style={{ wordBreak: 'break-word', textAlign: 'end' }}>
                {item.error || t('init.failed')}
              </Typography.Text>
            )}
          </List.Item>
        )}
      />
    </>
  );
}
