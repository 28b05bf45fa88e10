import { useMemo, useRef, useState } from 'react';
import { Button, Divider, Form, Input, InputNumber, Modal, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ArbitrageStrategy } from '#contract/types/strategies';
import { useCallMutation } from '../../api/use-call';
import { MAX_STRATEGY_FILE_BYTES } from '#contract/rules/strategy-file';
import { readStrategyFile, withinStrategyFileLimit } from './read-strategy-file';
import { ParamsEditor } from './params-editor';
import { newStrategySoleId, paramsToRows, readDefaultParams, rowsToParams, type ParamRow } from '../../domain/strategy-params';

export type StrategyDialogMode = 'add' | 'config';

interface FormValues {
  strategyName: string;
  strategySoleId: string;
  initialMoney: number;
  params?: ParamRow[];
}

/** The main file as chosen: `problem` is an i18n key while the file is refused (blocks saving). */
interface MainFileState {
  file?: UploadFile;
  checking?: boolean;
  problem?: 'messages.unparsable' | 'messages.tooLarge' | 'messages.mainFileRequired';
}

interface Props {
  mode: StrategyDialogMode;
  /** the strategy being configured (mode config). */
  strategy?: ArbitrageStrategy;
  onClose: () => void;
  onSaved: () => void;
}

export const MAIN_FILE_INPUT_ID = 'strategy-main-file';
export const RELY_FILES_INPUT_ID = 'strategy-rely-files';

const asUploadFile = (file: File & { uid: string }, status: UploadFile['status'] = 'done'): UploadFile => ({
  uid: file.uid,
  name: file.name,
  size: file.size,
  type: file.type,
  status,
  originFileObj: file as UploadFile['originFileObj'],
});

const fileOf = (entry: UploadFile): File => entry.originFileObj as File;

/**
 * The strategy dialog of spec §2, modes add and config: name, strategy_sole_id, initial money, the
 * main file (its header fills the default parameters, §5), dependency files and the parameter rows.
 * Saved as multipart to /save_strategy_files when files are chosen, else with PUT /strategy/update.
 * A failed save keeps the dialog open with everything as typed and chosen.
 */
export function StrategyDialog({ mode, strategy, onClose, onSaved }: Props) {
  const { t } = useTranslation('strategies');
  const [form] = Form.useForm<FormValues>();
  const [main, setMain] = useState<MainFileState>({});
  const [rely, setRely] = useState<UploadFile[]>([]);
  const [relyTooLarge, setRelyTooLarge] = useState(false);
  const reading = useRef(0);
  const saveFiles = useCallMutation('strategySaveFiles');
  const update = useCallMutation('strategyUpdate');
  const limit = t('units.mib', { size: MAX_STRATEGY_FILE_BYTES / 1024 / 1024 });

  const initialValues = useMemo<Partial<FormValues>>(
    () =>
      mode === 'config' && strategy
        ? {
            strategyName: strategy.name,
            strategySoleId: strategy.strategy_sole_id,
            initialMoney: strategy.initial_money,
            params: paramsToRows(readDefaultParams(strategy.default_params) ?? {}),
          }
        : { strategySoleId: newStrategySoleId(), params: [] },
    [mode, strategy],
  );

  const chooseMainFile = async (file: File & { uid: string }) => {
    const attempt = ++reading.current;
    setMain({ file: asUploadFile(file), checking: true });
    const check = await readStrategyFile(file);
    if (attempt !== reading.current) return; // a later choice wins
    if (check.ok) {
      form.setFieldValue('params', paramsToRows(check.params));
      setMain({ file: asUploadFile(file) });
    } else {
      setMain({ file: asUploadFile(file, 'error'), problem: check.problem === 'tooLarge' ? 'messages.tooLarge' : 'messages.unparsable' });
    }
  };

  const removeMainFile = () => {
    reading.current++;
    setMain({});
  };

  const chooseRelyFile = (file: File & { uid: string }) => {
    const ok = withinStrategyFileLimit(file);
    setRelyTooLarge(!ok);
    if (ok) setRely((files) => [...files, asUploadFile(file)]);
  };

  const submit = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    if (main.checking || main.problem) return;
    if (mode === 'add' && !main.file) {
      setMain({ problem: 'messages.mainFileRequired' });
      return;
    }
    const defaultParams = JSON.stringify(rowsToParams(values.params));
    const successNotification = () => ({ type: 'success' as const, message: t(mode === 'add' ? 'messages.added' : 'messages.updated') });
    const onSuccess = () => onSaved();

    if (main.file || rely.length > 0 || mode === 'add' || !strategy) {
      saveFiles.mutate(
        {
          defaultParams,
          strategySoleId: values.strategySoleId,
          strategyName: values.strategyName,
          initialMoney: values.initialMoney,
          relyOnFiles: rely.map(fileOf),
          file: main.file ? fileOf(main.file) : undefined,
        },
        { successNotification, onSuccess },
      );
    } else {
      update.mutate(
        { strategyId: strategy.id, strategyName: values.strategyName, initialMoney: values.initialMoney, defaultParams },
        { successNotification, onSuccess },
      );
    }
  };

  return (
    <Modal
      open
      title={t(mode === 'add' ? 'titles.add' : 'titles.config')}
      width={760}
      maskClosable={false}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('buttons.save', { ns: 'common' })}
      cancelText={t('buttons.cancel', { ns: 'common' })}
      okButtonProps={{ disabled: Boolean(main.checking || (main.problem && main.file)), loading: saveFiles.isPending || update.isPending }}
    >
      <Form form={form} layout="vertical" initialValues={initialValues} requiredMark>
        <Form.Item name="strategyName" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('messages.nameRequired') }]}>
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item name="strategySoleId" label={t('fields.soleId')}>
          <Input readOnly variant="filled" />
        </Form.Item>
        <Form.Item name="initialMoney" label={t('fields.initialMoney')} rules={[{ required: true, message: t('messages.initialMoneyRequired') }]}>
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label={t('fields.mainFile')}
          required={mode === 'add'}
          validateStatus={main.problem ? 'error' : main.checking ? 'validating' : undefined}
          help={main.problem ? t(main.problem, { limit }) : main.checking ? t('messages.reading') : undefined}
          extra={
            <>
              <div>{t('hints.mainFile')}</div>
              {mode === 'config' && strategy?.main_file ? <div>{t('hints.mainFileKeep', { file: strategy.main_file })}</div> : null}
            </>
          }
        >
          <Upload
            id={MAIN_FILE_INPUT_ID}
            maxCount={1}
            fileList={main.file ? [main.file] : []}
            beforeUpload={(file) => {
              void chooseMainFile(file);
              return false;
            }}
            onRemove={removeMainFile}
          >
            <Button icon={<UploadOutlined />}>{t('buttons.chooseMainFile')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item
          label={t('fields.relyOnFiles')}
          validateStatus={relyTooLarge ? 'error' : undefined}
          help={relyTooLarge ? t('messages.tooLarge', { limit }) : undefined}
          extra={
            <>
              <div>{t('hints.relyOnFiles', { limit })}</div>
              {mode === 'config' && strategy?.rely_on_files.length ? (
                <div>{t('hints.relyOnFilesKeep', { files: strategy.rely_on_files.join(', ') })}</div>
              ) : null}
            </>
          }
        >
          <Upload
            id={RELY_FILES_INPUT_ID}
            multiple
            fileList={rely}
            beforeUpload={(file) => {
              chooseRelyFile(file);
              return false;
            }}
            onRemove={(entry) => setRely((files) => files.filter((file) => file.uid !== entry.uid))}
          >
            <Button icon={<UploadOutlined />}>{t('buttons.chooseRelyFiles')}</Button>
          </Upload>
        </Form.Item>
        <Divider orientation="left" plain>
          {t('fields.params')}
        </Divider>
        <ParamsEditor />
      </Form>
    </Modal>
  );
}
