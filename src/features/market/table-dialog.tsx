import { useEffect } from 'react';
import { Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/use-call';
import { contractTypeLabelKey } from '#contract/rules/codes';
import { sortByCurrency } from '../../domain/market';
import { tableKey, typesForA, typesForB } from '#contract/rules/market';
import type { MarketTable } from '#contract/types/market';

interface TableForm {
  exchangeA?: number;
  exchangeB?: number;
  typeA?: number;
  typeB?: number;
}

export interface TableDialogProps {
  /** the table being edited; absent = adding */
  initial?: MarketTable;
  /** the exchanges offered, with their names */
  exchanges: { value: number; label: string }[];
  /** the tables already on the board (a table is shown once) */
  existing: readonly MarketTable[];
  onSave: (table: MarketTable) => void;
  onClose: () => void;
}

/**
 * Adds or edits a spread table: exchange A, exchange B, type A, type B — only the combinations the
 * exchanges offer, leg A before leg B in the spread order (contract/rules/market.ts).
 */
export function TableDialog({ initial, exchanges, existing, onSave, onClose }: TableDialogProps) {
  const { t } = useTranslation('market');
  const [form] = Form.useForm<TableForm>();
  const exchangeA = Form.useWatch('exchangeA', form);
  const exchangeB = Form.useWatch('exchangeB', form);
  const typeA = Form.useWatch('typeA', form);
  const typeB = Form.useWatch('typeB', form);
  // the currencies a table of these two types lists (GET /currencyType/get)
  const bothTypes = typeA !== undefined && typeB !== undefined;
  const currencies = useCall(
    'currencyTypeGet',
    { aTransactionType: typeA ?? 0, bTransactionType: typeB ?? 0 },
    { enabled: bothTypes, staleTime: 5 * 60_000 },
  ).data;

  const aTypes = exchangeA && exchangeB ? typesForA(exchangeA, exchangeB) : [];
  const bTypes = exchangeA && exchangeB && typeA ? typesForB(exchangeA, exchangeB, typeA) : [];

  // a choice upstream that no longer allows a type clears it (not before the watched values arrive)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new type A is a choice upstream of type B; the types themselves are read from the form as they are now
  useEffect(() => {
    if (!exchangeA || !exchangeB) return;
    const { typeA: a, typeB: b } = form.getFieldsValue();
    if (a !== undefined && !typesForA(exchangeA, exchangeB).includes(a)) form.setFieldValue('typeA', undefined);
    else if (a !== undefined && b !== undefined && !typesForB(exchangeA, exchangeB, a).includes(b)) form.setFieldValue('typeB', undefined);
  }, [form, exchangeA, exchangeB, typeA]);

  const typeOptions = (codes: number[]) => codes.map((code) => ({ value: code, label: t(contractTypeLabelKey(code), { code }) }));
  const others = existing.filter((table) => !initial || tableKey(table) !== tableKey(initial)).map(tableKey);
  const required = { required: true, message: t('form.required') };

  const submit = ({ exchangeA: ea, exchangeB: eb, typeA: a, typeB: b }: TableForm) => onSave([ea!, eb!, a!, b!]);

  return (
    <Modal open title={t(initial ? 'editTable' : 'addTable')} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden width={420}>
      <Form<TableForm>
        form={form}
        layout="vertical"
        initialValues={initial ? { exchangeA: initial[0], exchangeB: initial[1], typeA: initial[2], typeB: initial[3] } : undefined}
        onFinish={submit}
      >
        <Form.Item name="exchangeA" label={t('form.exchangeA')} rules={[required]}>
          <Select options={exchanges} />
        </Form.Item>
        <Form.Item name="exchangeB" label={t('form.exchangeB')} rules={[required]}>
          <Select options={exchanges} />
        </Form.Item>
        <Form.Item name="typeA" label={t('form.typeA')} rules={[required]} help={exchangeA && exchangeB && aTypes.length === 0 ? t('form.noTypes') : undefined}>
          <Select options={typeOptions(aTypes)} disabled={aTypes.length === 0} />
        </Form.Item>
        <Form.Item
          name="typeB"
          label={t('form.typeB')}
          dependencies={['exchangeA', 'exchangeB', 'typeA']}
          rules={[
            required,
            ({ getFieldsValue }) => ({
              validator: (_, b?: number) => {
                const v = getFieldsValue() as TableForm;
                const duplicate = b !== undefined && others.includes(tableKey([v.exchangeA!, v.exchangeB!, v.typeA!, b]));
                return duplicate ? Promise.reject(new Error(t('form.duplicate'))) : Promise.resolve();
              },
            }),
          ]}
        >
          <Select options={typeOptions(bTypes)} disabled={bTypes.length === 0} />
        </Form.Item>
        {bothTypes && Array.isArray(currencies) && (
          <Form.Item label={t('form.currencies')}>
            <Typography.Text data-testid="table-currencies">
              {sortByCurrency(currencies, (c) => c)
                .map((c) => c.toUpperCase())
                .join(', ')}
            </Typography.Text>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
