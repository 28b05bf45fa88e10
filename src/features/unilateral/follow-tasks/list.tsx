import { useState } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CanAccess, useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { FollowTask } from '#contract/types/follow-tasks';
import { FOLLOW_TASKS, FollowTaskDialog } from './follow-dialog';
import { FollowTaskTable } from './task-table';

/** /main/index/api (spec §2): the user's follow tasks, one per API account (/get/api/list), with their actions. */
export default function FollowTaskListPage() {
  const { t } = useTranslation('unilateral');
  const { result, query } = useList<FollowTask>({ resource: FOLLOW_TASKS, pagination: { mode: 'off' } });
  const [adding, setAdding] = useState(false);
  return (
    <Card
      title={t('api.title')}
      extra={
        <CanAccess resource={FOLLOW_TASKS} action="create">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('buttons.addTask')}
          </Button>
        </CanAccess>
      }
    >
      <FollowTaskTable tasks={result.data} loading={query.isLoading} showStrategy />
      {adding ? <FollowTaskDialog mode="add" onClose={() => setAdding(false)} onSaved={() => setAdding(false)} /> : null}
    </Card>
  );
}
