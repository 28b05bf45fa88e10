import type { ReactNode } from 'react';
import { useCan } from '@refinedev/core';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { OPEN } from '../providers/access-control';
import { PageLoading } from '../components/page-loading';

/** Spec §2 route guard, after the session check: a path not allowed goes to /home. */
export function RouteGuard({ path, children }: { path: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useCan({ resource: path, action: OPEN, params: { path } });
  if (isLoading) return <PageLoading />;
  if (isError) {
    return (
      <Result
        status="warning"
        title={t('messages.permissionFailed')}
        extra={<Button onClick={() => void refetch()}>{t('buttons.retry')}</Button>}
      />
    );
  }
  return data?.can ? <>{children}</> : <Navigate to="/home" replace />;
}
