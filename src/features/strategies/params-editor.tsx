import { Button, Col, Form, Input, Row, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { paramRowProblem, type ParamRow } from '../../domain/strategy-params';

/** The default parameters as rows (spec §2): add, edit and delete a parameter; checked on save (§5). */
export function ParamsEditor({ name = 'params' }: { name?: string }) {
  const { t } = useTranslation('strategies');
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.length > 0 ? (
            <Row gutter={8} style={{ marginBottom: 4 }}>
              <Col span={9}>
                <Typography.Text type="secondary">{t('fields.paramName')}</Typography.Text>
              </Col>
              <Col span={13}>
                <Typography.Text type="secondary">{t('fields.paramValue')}</Typography.Text>
              </Col>
            </Row>
          ) : (
            <Typography.Paragraph type="secondary">{t('hints.noParams')}</Typography.Paragraph>
          )}
          {fields.map((field) => (
            <Row key={field.key} gutter={8} align="top" data-testid="param-row">
              <Col span={9}>
                <Form.Item
                  name={[field.name, 'name']}
                  dependencies={[[name, field.name, 'value']]}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: () => {
                        const rows = (getFieldValue(name) ?? []) as (ParamRow | undefined)[];
                        const problem = paramRowProblem(rows[field.name], rows);
                        return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
                      },
                    }),
                  ]}
                >
                  <Input aria-label={t('fields.paramName')} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col span={13}>
                <Form.Item name={[field.name, 'value']}>
                  <Input aria-label={t('fields.paramValue')} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col span={2}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('buttons.deleteParam')} onClick={() => remove(field.name)} />
              </Col>
            </Row>
          ))}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })}>
            {t('buttons.addParam')}
          </Button>
          <Typography.Paragraph type="secondary" style={{ marginTop: 4, marginBottom: 0 }}>
            {t('hints.paramValue')}
          </Typography.Paragraph>
        </>
      )}
    </Form.List>
  );
}
