import type { ReactNode } from 'react';
import { useCan } from '@refinedev/core';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { Access } from '#contract/rules/permissions';
import { PageLoading } from '../components/page-loading';
import { readSession } from '../providers/session';

/** Spec §2 route guard, after the session check: a route the permission table does not open goes to /home. */
export function RouteGuard({ access, children }: { access: Access; children: ReactNode }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useCan({ resource: access.resource, action: access.action });
  if (isLoading) return <PageLoading />;
  if (isError) {
    return <Result status="warning" title={t('messages.permissionFailed')} extra={<Button onClick={() => void refetch()}>{t('buttons.retry')}</Button>} />;
  }
  if (data?.can) return <>{children}</>;
  // a session ended meanwhile (code 3) goes to /login, not to /home as a route not permitted would
  return <Navigate to={readSession() ? '/home' : '/login'} replace />;
}
