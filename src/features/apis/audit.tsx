import { useMemo } from 'react';
import { Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { AuditEntry } from '#contract/types/api-accounts';
import { useCall } from '../../api/use-call';
import { failed } from '../../components/notify';

const PAGE_SIZES = [20, 50, 100];
const SECOND = 'YYYY-MM-DD HH:mm:ss';
/** request and reply are JSON: kept to a readable width, wrapped anywhere */
const JSON_CELL = { display: 'inline-block', maxWidth: 320, whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

const numberParam = (value: string | null, fallback?: number) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * /api/audit: every request the server sent to an exchange for the user's accounts (the super user: every
 * account), newest first, a page at a time, filtered by account. Account, page and page size live in the
 * address, so a row's link (?apiId=) opens that account's log and the back button returns to the page read.
 */
export default function AuditPage() {
  const { t } = useTranslation('apis');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const apiId = numberParam(search.get('apiId'));
  const page = numberParam(search.get('page'), 1)!;
  const pageSize = numberParam(search.get('pageSize'), PAGE_SIZES[0])!;
  const { data, query } = useCall('auditLog', { ...(apiId ? { apiId } : {}), page, pageSize }, { errorNotification: failed });
  const names = useCall('apiNames', { all: 1 }, { staleTime: 60_000, errorNotification: failed }).data;
  const nameOf = useMemo(() => new Map((Array.isArray(names) ? names : []).map((a) => [a.id, a.name])), [names]);
  const list = Array.isArray(data?.list) ? data.list : [];

  const show = (next: { apiId?: number; page?: number; pageSize?: number }) => {
    const params = new URLSearchParams();
    const merged = { apiId, page, pageSize, ...next };
    if (merged.apiId) params.set('apiId', String(merged.apiId));
    if (merged.page && merged.page > 1) params.set('page', String(merged.page));
    if (merged.pageSize !== PAGE_SIZES[0]) params.set('pageSize', String(merged.pageSize));
    setSearch(params);
  };

  return (
    <Card
      title={t('audit.title')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/api')}>
          {t('audit.back')}
        </Button>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('audit.intro')}</Typography.Text>
        <Select<number>
          aria-label={t('audit.account')}
          placeholder={t('audit.allAccounts')}
          allowClear
          value={apiId}
          onChange={(value) => show({ apiId: value, page: 1 })}
          // an account not among the names (the super user's view of another's): shown by its id
          options={[...nameOf, ...(apiId && !nameOf.has(apiId) ? [[apiId, `#${apiId}`] as const] : [])].map(([id, name]) => ({ value: id, label: name }))}
          style={{ width: '100%', maxWidth: 320 }}
          data-testid="audit-account"
        />
        <Table<AuditEntry>
          rowKey="id"
          size="small"
          dataSource={list}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: page,
            pageSize,
            total: Number(data?.total) || 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            onChange: (nextPage, nextSize) => show({ page: nextSize === pageSize ? nextPage : 1, pageSize: nextSize }),
          }}
        >
          <Table.Column<AuditEntry> key="at" title={t('audit.columns.at')} render={(_, e) => dayjs(e.at).format(SECOND)} />
          <Table.Column<AuditEntry> key="account" title={t('audit.columns.account')} render={(_, e) => nameOf.get(e.apiId) ?? `#${e.apiId}`} />
          <Table.Column<AuditEntry> dataIndex="bourse_name" title={t('audit.columns.exchange')} />
          <Table.Column<AuditEntry>
            dataIndex="method"
            title={t('audit.columns.method')}
            render={(method: string) => <Typography.Text code>{method}</Typography.Text>}
          />
          <Table.Column<AuditEntry> key="request" title={t('audit.columns.request')} render={(_, e) => <span style={JSON_CELL}>{e.request}</span>} />
          <Table.Column<AuditEntry>
            key="ok"
            title={t('audit.columns.ok')}
            render={(_, e) => <Tag color={e.ok ? 'green' : 'red'}>{t(e.ok ? 'audit.ok' : 'audit.failed')}</Tag>}
          />
          <Table.Column<AuditEntry> key="reply" title={t('audit.columns.reply')} render={(_, e) => <span style={JSON_CELL}>{e.reply}</span>} />
        </Table>
      </Space>
    </Card>
  );
}
