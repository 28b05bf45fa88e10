import { checkStrategyBytes } from '#contract/rules/strategy-file';
import { randomBytes } from 'node:crypto';
import type { ArbitrageStrategy, ParamSections } from '#contract/types/strategies';
import type { ParamValue } from '#contract/types/tasks';
import { requireSuper, signedIn, type CallContext, type HandlerMap, type UploadedFile } from '../context';
import { CODE, fail, invalid } from '../http/envelope';
import {
  deleteStrategy,
  findStrategy as findStrategyRow,
  findStrategyBySoleId,
  insertStrategy,
  listStrategies,
  moveStrategy,
  strategyFields,
  strategyFiles,
  updateStrategy,
  type StrategyRow,
} from '../store/strategies';
import { formatSecond } from '../clock/time';
import { has, id, jsonObject, num, optNum, optStr, str } from '../http/validate';
import { MAX_STRATEGY_FILE_LABEL, safeFileName } from '../http/uploads';

/** Keys of the task base params section (spec §3, "task params when adding"). */
export const TASK_BASE_KEYS = [
  'currency_type',
  'a_bourse',
  'b_bourse',
  'a_transaction_type',
  'b_transaction_type',
  'fund_occupy',
  'virtual_initial_capital',
  'depth',
  'slip',
  'price_limit',
];
const isDebitCredit = (key: string): boolean => key === 'is_borrow' || /borrow|repay|debit|credit|loan/i.test(key);

/** Splits flat default params into the three sections the console edits. */
export function splitParams(params: Record<string, ParamValue>): ParamSections {
  const sections: ParamSections = { taskBaseParams: {}, debitCreditParams: {}, strategyParams: {} };
  for (const [key, value] of Object.entries(params)) {
    if (TASK_BASE_KEYS.includes(key)) sections.taskBaseParams[key] = value;
    else if (isDebitCredit(key)) sections.debitCreditParams[key] = value;
    else sections.strategyParams[key] = value;
  }
  return sections;
}

/** Default params must be a flat object of strings, numbers, booleans or JSON objects (dlt, m). */
function checkParams(params: Record<string, unknown>): Record<string, ParamValue> {
  for (const [key, value] of Object.entries(params)) {
    if (!key.trim() || key.length > 64) throw invalid('err.paramValue', { field: key || '""' });
    const ok =
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (typeof value === 'object' && value !== null && !Array.isArray(value));
    if (!ok) throw invalid('err.paramValue', { field: key });
  }
  return params as Record<string, ParamValue>;
}

/**
 * The main file must begin with a hash comment whose slash-delimited second segment is a JSON
 * object, e.g. `# demo/{"dlt":0.1,"m":2}/v1`. Anything else (empty, binary, no comment, broken
 * JSON) is refused with the console's own message.
 */
/** The spec §5 main-file rule, shared with the console (contract/rules/strategy-file.ts). */
export function parseMainFileHeader(data: Buffer): Record<string, unknown> {
  const check = checkStrategyBytes(data);
  if (!check.ok) throw invalid('err.unparsable');
  return check.params;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Whether bytes are UTF-8 text (no NUL byte, every sequence valid). */
function isUtf8Text(data: Uint8Array): boolean {
  if (data.includes(0)) return false;
  try {
    utf8.decode(data);
    return true;
  } catch {
    return false;
  }
}

const toStrategy = (row: StrategyRow): ArbitrageStrategy => ({
  id: row.id,
  strategy_sole_id: row.strategy_sole_id,
  name: row.name,
  initial_money: row.initial_money,
  updatetime: formatSecond(row.updated_at),
  default_params: row.default_params,
  main_file: row.main_file,
  rely_on_files: JSON.parse(row.rely_on_files) as string[],
});

async function findStrategy(call: CallContext): Promise<StrategyRow> {
  const row = await findStrategyRow(call.app.db, id(call.payload, 'strategyId'));
  if (!row) throw fail(CODE.notFound, 'err.strategyNotFound');
  return row;
}

/** Browsers send an empty, nameless part for a file input left empty: that is "no file". */
const chosen = (file: UploadedFile): boolean => file.filename !== '' || file.data.length > 0;

const SOLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

async function saveStrategyFiles(call: CallContext) {
  requireSuper(call);
  const { payload, app } = call;
  const tooLarge = call.files.find((file) => file.truncated);
  if (tooLarge) throw fail(CODE.tooLarge, 'err.fileTooLarge', { file: safeFileName(tooLarge.filename || 'file'), limit: MAX_STRATEGY_FILE_LABEL });

  const soleId = optStr(payload, 'strategySoleId', 64);
  if (soleId !== undefined && !SOLE_ID.test(soleId)) throw invalid('err.strategySoleId');
  const existing = soleId ? await findStrategyBySoleId(app.db, soleId) : undefined;

  const name = existing && !has(payload, 'strategyName') ? existing.name : str(payload, 'strategyName', 64);
  const initialMoney = existing
    ? (optNum(payload, 'initialMoney', { nonNegative: true }) ?? existing.initial_money)
    : num(payload, 'initialMoney', { nonNegative: true });

  const mainFile = call.files.find((file) => file.field === 'file' && chosen(file));
  const relyFiles = call.files.filter((file) => /^relyOnFiles(\[\])?$/.test(file.field) && chosen(file));
  if (!existing && !mainFile) throw invalid('err.mainFileRequired');
  const header = mainFile ? parseMainFileHeader(mainFile.data) : undefined;
  const mainName = mainFile ? `main_${safeFileName(mainFile.filename || 'main.py')}` : existing!.main_file;
  const relyNames = relyFiles.map((file, index) => `rely_${index + 1}_${safeFileName(file.filename || 'file')}`);
  // dependencies are source files too: UTF-8 text without NUL bytes, refused by name before anything is written
  const notText = relyFiles.find((file) => !isUtf8Text(file.data));
  if (notText) throw invalid('err.fileNotText', { file: safeFileName(notText.filename || 'file') });

  let params: Record<string, unknown>;
  if (has(payload, 'defaultParams')) params = jsonObject(payload, 'defaultParams');
  else if (header) params = header;
  else params = existing ? (JSON.parse(existing.default_params) as Record<string, unknown>) : {};
  const defaultParams = JSON.stringify(checkParams(params));

  // everything is valid: the files go to a new folder (what is kept is copied), the row moves to it in one
  // statement, then the old folder goes; a failure on the way removes the new folder and leaves the old as it was
  const files = strategyFiles(app.dataDir);
  const folder = randomBytes(8).toString('hex');
  const relyOnFiles = relyFiles.length ? relyNames : existing ? (JSON.parse(existing.rely_on_files) as string[]) : [];
  const fields = { name, initialMoney, defaultParams, mainFile: mainName, relyOnFiles, updatedAt: app.clock.now() };
  let strategyId: number;
  try {
    if (mainFile) await files.write(folder, mainName, mainFile.data);
    else if (mainName) await files.copy(existing!.folder, folder, mainName);
    if (relyFiles.length) await Promise.all(relyFiles.map((file, index) => files.write(folder, relyNames[index]!, file.data)));
    else for (const kept of relyOnFiles) await files.copy(existing!.folder, folder, kept);
    strategyId = await app.db.transaction(async (tx) => {
      if (!existing) return insertStrategy(tx, soleId ?? randomBytes(8).toString('hex'), folder, fields);
      if (!(await moveStrategy(tx, existing.id, existing.folder, folder, fields))) throw fail(CODE.conflict, 'err.strategyChanged');
      return existing.id;
    });
  } catch (error) {
    await files.removeFolder(folder);
    // two saves of one new strategySoleId at once: the UNIQUE constraint decides
    if (String(error).includes('UNIQUE')) throw fail(CODE.conflict, 'err.strategyChanged');
    throw error;
  }
  // a folder left here (the server stopped) is swept at the next start
  if (existing) await files.removeFolder(existing.folder);
  const saved = await findStrategyRow(app.db, strategyId);
  return call.ok(toStrategy(saved!), existing ? 'ok.update' : 'ok.add');
}

async function paramSections(call: CallContext) {
  signedIn(call);
  const row = await findStrategy(call);
  return call.ok(splitParams(JSON.parse(row.default_params) as Record<string, ParamValue>));
}

export const strategyHandlers: HandlerMap = {
  async strategyHome(call) {
    signedIn(call);
    return call.ok((await listStrategies(call.app.db)).map(toStrategy));
  },

  strategyParamsGet: paramSections,
  strategyParamsGet2: paramSections,
  strategySaveFiles: saveStrategyFiles,

  async strategyUpdate(call) {
    requireSuper(call);
    const { payload, app } = call;
    const saved = await app.db.transaction(async (tx) => {
      const row = await findStrategy(call);
      await updateStrategy(tx, row.id, {
        ...strategyFields(row),
        name: has(payload, 'strategyName') ? str(payload, 'strategyName', 64) : row.name,
        initialMoney: optNum(payload, 'initialMoney', { nonNegative: true }) ?? row.initial_money,
        defaultParams: has(payload, 'defaultParams') ? JSON.stringify(checkParams(jsonObject(payload, 'defaultParams'))) : row.default_params,
        updatedAt: app.clock.now(),
      });
      return (await findStrategyRow(tx, row.id))!;
    });
    return call.ok(toStrategy(saved), 'ok.update');
  },

  async strategyDelete(call) {
    requireSuper(call);
    const row = await findStrategy(call);
    await deleteStrategy(call.app.db, row.id);
    await strategyFiles(call.app.dataDir).removeFolder(row.folder);
    return call.ok(null, 'ok.delete');
  },
};
