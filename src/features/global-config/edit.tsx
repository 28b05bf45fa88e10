import { useEffect } from 'react';
import { Alert, Button, Card, Col, Form, Result, Row, Skeleton, Space, Switch, Typography } from 'antd';
import { useCan } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { GlobalConfig } from '#contract/rules/global-config-rules';
import { useCall, useCallMutation } from '../../api/use-call';
import { GENERAL_NUMBER_FIELDS, GLOBAL_CONFIG_FIELDS, MAX_BORROW_FIELDS, toGlobalConfigPayload } from '#contract/rules/global-config-rules';
import { ConfigNumberItem } from './config-number-item';

/** Responsive columns of the field grids. */
const GENERAL_COL = { xs: 24, sm: 12, lg: 8 };
const PERCENT_COL = { xs: 12, sm: 8, lg: 6, xl: 4 };

/**
 * /config: the global config (spec §2, §3, §7). Everyone who may open the page reads it; only the
 * super user (('global-config', 'edit') in the permission table, §6) sees the save button, everyone else a disabled form.
 */
export default function GlobalConfigEditPage() {
  const { t } = useTranslation('globalConfig');
  const [form] = Form.useForm<GlobalConfig>();

  const { query, data } = useCall('globalConfigGet', {});
  const loaded = query.isSuccess ? data : undefined;
  const { data: permission } = useCan({ resource: 'global-config', action: 'edit' });
  const canSave = permission?.can === true;
  const { mutate, mutation } = useCallMutation('globalConfigUpdate', {
    successNotification: () => ({ message: t('messages.saved'), type: 'success' }),
    // a failure keeps the form as typed; Refine shows the server's info titled notifications.error
  });

  // Show what the server holds unless the user has started editing: a refetch never eats typing.
  useEffect(() => {
    if (loaded && !form.isFieldsTouched()) form.setFieldsValue(loaded);
  }, [loaded, form]);

  const save = (values: GlobalConfig) => {
    const payload = toGlobalConfigPayload(values);
    mutate(payload, {
      onSuccess: (reply) => {
        const saved: GlobalConfig = { ...payload, ...reply };
        form.setFields(GLOBAL_CONFIG_FIELDS.map((name) => ({ name, value: saved[name], touched: false })));
        void query.refetch();
      },
    });
  };

  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('messages.loadFailed')}
        subTitle={query.error?.message}
        extra={
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('buttons.reload')}
          </Button>
        }
      />
    );
  }

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
      }
    >
      {!loaded ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form<GlobalConfig> form={form} layout="vertical" initialValues={loaded} disabled={!canSave} requiredMark={canSave} onFinish={save}>
          {!canSave && <Alert type="info" showIcon message={t('readOnlyHint')} style={{ marginBottom: 16 }} />}

          <Typography.Title level={5}>{t('sections.general')}</Typography.Title>
          <Row gutter={16}>
            {GENERAL_NUMBER_FIELDS.map((field) => (
              <Col key={field.name} {...GENERAL_COL}>
                <ConfigNumberItem field={field} label={t(`fields.${field.name}`)} />
              </Col>
            ))}
          </Row>

          <Typography.Title level={5}>{t('sections.borrow')}</Typography.Title>
          <Form.Item name="isBorrow" label={t('fields.isBorrow')} valuePropName="checked">
            <Switch checkedChildren={t('borrowOn')} unCheckedChildren={t('borrowOff')} />
          </Form.Item>

          <Typography.Title level={5}>{t('sections.maxBorrow')}</Typography.Title>
          <Row gutter={16}>
            {MAX_BORROW_FIELDS.map((field) => (
              <Col key={field.name} {...PERCENT_COL}>
                <ConfigNumberItem
                  field={field}
                  label={t('fields.maxBorrowShort', { coin: field.coin })}
                  messageName={t('fields.maxBorrow', { coin: field.coin })}
                />
              </Col>
            ))}
          </Row>

          {canSave && (
            <Space>
              <Button type="primary" htmlType="submit" loading={mutation.isPending}>
                {t('buttons.save')}
              </Button>
            </Space>
          )}
        </Form>
      )}
    </Card>
  );
}
