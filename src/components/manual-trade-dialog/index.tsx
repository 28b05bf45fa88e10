import { useMemo } from 'react';
import { App, Form, Input, InputNumber, Radio, Select } from 'antd';
import { FormDialog } from '../form-dialog';
import { useTranslation } from 'react-i18next';
import type { ApiAccount, ManualOrder } from '#contract/types/api-accounts';
import { useCall, useCallMutation } from '../../api/use-call';
import {
  contractTypeLabelKey,
  contractTypesFor,
  directionsFor,
  needsPrice,
  ORDER_WAY_OPTIONS,
  ORDER_WAYS,
  type Direction,
  type OrderWay,
} from '#contract/rules/codes';
import { DECIMALS } from '#contract/rules/constants';
import { failed, succeeded } from '../notify';

interface ManualForm {
  symbol: string;
  type?: number;
  direction?: Direction;
  way: OrderWay;
  price?: number;
  amount?: number;
}

/** What a manual order sends (spec §3 manual order): the price only for a limit order. */
export function toManualOrder(apiId: number, values: ManualForm): ManualOrder {
  const order: ManualOrder = {
    apiId,
    symbol: values.symbol.trim(),
    type: Number(values.type),
    direction: values.direction as Direction,
    way: values.way,
    amount: Number(values.amount),
  };
  if (needsPrice(values.way)) order.price = Number(values.price);
  return order;
}

const positive = (message: string) => ({
  validator: (_: unknown, value: number | null | undefined) =>
    value === null || value === undefined || value > 0 ? Promise.resolve() : Promise.reject(new Error(message)),
});

/**
 * Manual trading on one API (spec §2, §5): contract types of its exchange; spot buys/sells, futures
 * open/close long/short; market or limit (price only for limit); confirmed before it is sent.
 */
export function ManualTradeDialog({ api, onClose }: { api: Pick<ApiAccount, 'id' | 'bourse_id' | 'name'>; onClose: () => void }) {
  const { t } = useTranslation('apis');
  const { modal } = App.useApp();
  const [form] = Form.useForm<ManualForm>();
  const type = Form.useWatch('type', form);
  const way = Form.useWatch('way', form);
  const { data: transactionTypes, query } = useCall('transactionTypeGet', { bourseId: api.bourse_id }, { errorNotification: false });
  const { mutateAsync, mutation } = useCallMutation('manualTrading', { successNotification: succeeded('apis:messages.submitted'), errorNotification: failed });

  // the exchange's own list; without it, the contract types spec §3 allows on that exchange
  const typeOptions = useMemo(() => {
    const codes = transactionTypes ? transactionTypes.map((item) => item.id) : contractTypesFor(api.bourse_id).map((c) => c.code);
    return codes.map((code) => ({ value: code, label: t(contractTypeLabelKey(code), { code }) }));
  }, [transactionTypes, api.bourse_id, t]);
  const directionOptions = directionsFor(type).map((d) => ({ value: d.value, label: t(d.labelKey) }));

  const send = (values: ManualForm) => {
    const order = toManualOrder(api.id, values);
    modal.confirm({
      okText: t('common:buttons.ok'),
      cancelText: t('common:buttons.cancel'),
      title: t('confirm.manualTitle'),
      content: t('confirm.manual', {
        symbol: order.symbol,
        type: t(contractTypeLabelKey(order.type), { code: order.type }),
        direction: t(directionsFor(order.type).find((d) => d.value === order.direction)?.labelKey ?? ''),
        way: t(ORDER_WAY_OPTIONS.find((w) => w.value === order.way)?.labelKey ?? ''),
        amount: order.amount,
      }),
      onOk: () => mutateAsync(order).then(onClose, () => undefined),
    });
  };

  return (
    <FormDialog
      title={t('manual.title', { name: api.name })}
      submit={() => form.submit()}
      pending={mutation.isPending}
      onClose={onClose}
      okText={t('common:buttons.submit')}
    >
      <Form<ManualForm>
        form={form}
        layout="vertical"
        initialValues={{ way: ORDER_WAYS.market }}
        onFinish={send}
        onValuesChange={(changed, all) => {
          // a direction the new contract type does not have is cleared
          if ('type' in changed && all.direction && !directionsFor(all.type).some((d) => d.value === all.direction)) {
            form.setFieldValue('direction', undefined);
          }
        }}
      >
        <Form.Item name="symbol" label={t('manual.symbol')} rules={[{ required: true, whitespace: true, message: t('manual.symbolRequired') }]}>
          <Input placeholder={t('manual.symbolPlaceholder')} maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item name="type" label={t('manual.type')} rules={[{ required: true, message: t('manual.typeRequired') }]}>
          <Select options={typeOptions} loading={query.isLoading} />
        </Form.Item>
        <Form.Item name="direction" label={t('manual.direction')} rules={[{ required: true, message: t('manual.directionRequired') }]}>
          <Radio.Group options={directionOptions} optionType="button" />
        </Form.Item>
        <Form.Item name="way" label={t('manual.way')}>
          <Radio.Group options={ORDER_WAY_OPTIONS.map((w) => ({ value: w.value, label: t(w.labelKey) }))} optionType="button" />
        </Form.Item>
        <Form.Item
          name="price"
          label={t('manual.price')}
          hidden={!needsPrice(way)}
          rules={needsPrice(way) ? [{ required: true, message: t('manual.priceRequired') }, positive(t('manual.positive'))] : []}
        >
          <InputNumber style={{ width: '100%' }} precision={DECIMALS.price} />
        </Form.Item>
        <Form.Item name="amount" label={t('manual.amount')} rules={[{ required: true, message: t('manual.amountRequired') }, positive(t('manual.positive'))]}>
          <InputNumber style={{ width: '100%' }} precision={DECIMALS.quantity} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
