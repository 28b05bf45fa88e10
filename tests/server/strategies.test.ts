// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { safeFileName } from '../../server/http/uploads';
import { signedInServer } from './helpers';

const s = signedInServer();

const VALID = '# demo/{"dlt":0.1,"m":2}/v1\nprint("hello")\n';

interface Upload {
  main?: { name: string; content: string | Uint8Array } | null;
  rely?: { name: string; content: string }[];
  fields?: Record<string, string>;
}

function form({ main = { name: 'demo.py', content: VALID }, rely = [], fields = {} }: Upload): FormData {
  const data = new FormData();
  const all = { strategyName: 'uploaded', initialMoney: '1000', strategySoleId: '', ...fields };
  for (const [key, value] of Object.entries(all)) data.append(key, value);
  for (const file of rely) data.append('relyOnFiles', new Blob([file.content]), file.name);
  if (main) data.append('file', new Blob([main.content]), main.name);
  return data;
}

const upload = (options: Upload, token = s.admin, lang?: string) => s.t.call('strategySaveFiles', form(options), { token, lang });
const strategies = async () =>
  (await s.t.call('strategyHome', {}, { token: s.trader })).data as {
    id: number;
    name: string;
    strategy_sole_id: string;
    default_params: string;
    main_file: string;
    rely_on_files: string[];
    initial_money: number;
  }[];
const strategyFolders = () => readdirSync(path.join(s.t.dataDir, 'strategies'));

describe('strategy list and params', () => {
  it('seeds arbitrage 2 (dlt and m keyed CW/NW/CQ/NQ) and arbitrage 1 basic, visible to any user', async () => {
    const list = await strategies();
    expect(list.map((s) => s.name)).toEqual(['arbitrage 2', 'arbitrage 1 basic']);
    const params = JSON.parse(list[0]!.default_params);
    expect(Object.keys(params.dlt)).toEqual(['CW', 'NW', 'CQ', 'NQ']);
    expect(Object.keys(params.m)).toEqual(['CW', 'NW', 'CQ', 'NQ']);
    expect(params.is_borrow).toBe(false);
  });

  it('splits the default params into task base, debit/credit and strategy sections', async () => {
    const [first] = await strategies();
    for (const name of ['strategyParamsGet', 'strategyParamsGet2'] as const) {
      const reply = await s.t.call(name, { strategyId: first!.id }, { token: s.trader });
      expect(reply.code).toBe(200);
      expect(Object.keys(reply.data.taskBaseParams).sort()).toEqual([
        'a_bourse',
        'a_transaction_type',
        'b_bourse',
        'b_transaction_type',
        'currency_type',
        'depth',
        'fund_occupy',
        'price_limit',
        'slip',
        'virtual_initial_capital',
      ]);
      expect(reply.data.debitCreditParams.is_borrow).toBe(false);
      expect(reply.data.strategyParams.dlt).toEqual({ CW: 0.002, NW: 0.003, CQ: 0.004, NQ: 0.005 });
      expect(reply.data.strategyParams).not.toHaveProperty('is_borrow');
    }
    expect((await s.t.call('strategyParamsGet', { strategyId: 999 }, { token: s.trader })).code).toBe(404);
    expect((await s.t.call('strategyParamsGet', {}, { token: s.trader })).code).toBe(400);
  });
});

describe('strategy upload', () => {
  it('accepts a valid main file with dependency files and stores them under server-made names', async () => {
    const reply = await upload({
      rely: [
        { name: 'util.py', content: 'x = 1\n' },
        { name: 'lib.py', content: 'y = 2\n' },
      ],
      fields: { defaultParams: JSON.stringify({ dlt: 0.2, m: 3, is_borrow: true, depth: 5 }), strategyName: 'my upload' },
    });
    expect(reply).toMatchObject({ code: 200, info: '添加成功' });
    expect(reply.data).toMatchObject({ name: 'my upload', initial_money: 1000, main_file: 'main_demo.py', rely_on_files: ['rely_1_util.py', 'rely_2_lib.py'] });
    const saved = (await strategies()).find((s) => s.name === 'my upload')!;
    expect(JSON.parse(saved.default_params)).toEqual({ dlt: 0.2, m: 3, is_borrow: true, depth: 5 });
    const folder = strategyFolders().find((name) => existsSync(path.join(s.t.dataDir, 'strategies', name, 'main_demo.py')))!;
    expect(readFileSync(path.join(s.t.dataDir, 'strategies', folder, 'main_demo.py'), 'utf8')).toBe(VALID);
    expect(readFileSync(path.join(s.t.dataDir, 'strategies', folder, 'rely_2_lib.py'), 'utf8')).toBe('y = 2\n');
  });

  it('takes the default params from the file header when the form has none', async () => {
    const reply = await upload({ fields: { strategyName: 'from header' } });
    expect(reply.code).toBe(200);
    expect(JSON.parse(reply.data.default_params)).toEqual({ dlt: 0.1, m: 2 });
  });

  it.each([
    ['no hash comment', 'print("no comment")\n'],
    ['broken JSON', '# demo/{"dlt":0.1,/v1\n'],
    ['a comment without segments', '# just a comment\n'],
    ['JSON that is not an object', '# demo/[1,2]/v1\n'],
    ['an empty file', ''],
  ])('refuses %s with 无法解析该文本!', async (_label, content) => {
    const before = strategyFolders().length;
    const reply = await upload({ main: { name: 'bad.py', content } });
    expect(reply).toEqual({ code: 400, info: '无法解析该文本!', data: null });
    expect(strategyFolders().length).toBe(before);
  });

  it('refuses a binary file', async () => {
    const binary = new Uint8Array([0x23, 0x20, 0x00, 0xff, 0xfe, 0x01, 0x02, 0x2f, 0x7b, 0x7d]);
    expect(await upload({ main: { name: 'bin.so', content: binary } })).toMatchObject({ code: 400, info: '无法解析该文本!' });
    const invalidUtf8 = new Uint8Array([0x23, 0x20, 0x61, 0x2f, 0x7b, 0x7d, 0x2f, 0xc3, 0x28]);
    expect((await upload({ main: { name: 'bad-utf8.py', content: invalidUtf8 } }, s.admin, 'en')).info).toBe('cannot parse this text!');
  });

  it('refuses a 5 MB file with code 413 and keeps serving', async () => {
    const big = VALID + 'x'.repeat(5 * 1024 * 1024);
    const reply = await upload({ main: { name: 'big.py', content: big } });
    expect(reply.code).toBe(413);
    expect(reply.info).toContain('2 MiB');
    const bigRely = await upload({ rely: [{ name: 'big.bin', content: 'y'.repeat(3 * 1024 * 1024) }] }, s.admin, 'en');
    expect(bigRely).toMatchObject({ code: 413 });
    expect(bigRely.info).toContain('file too large');
    expect((await s.t.call('strategyHome', {}, { token: s.admin })).code).toBe(200);
  });

  it('neutralises a path-traversal file name', async () => {
    const reply = await upload({
      main: { name: '../../../evil.py', content: VALID },
      rely: [{ name: '..\\..\\boot.ini', content: 'x' }],
      fields: { strategyName: 'traversal' },
    });
    expect(reply.code).toBe(200);
    expect(reply.data.main_file).toBe('main_evil.py');
    expect(reply.data.rely_on_files).toEqual(['rely_1_boot.ini']);
    expect(existsSync(path.join(s.t.dataDir, 'evil.py'))).toBe(false);
    expect(existsSync(path.join(s.t.dataDir, '..', 'evil.py'))).toBe(false);
    expect(readdirSync(s.t.dataDir).sort()).toEqual(expect.arrayContaining(['strategies']));
    for (const folder of strategyFolders()) expect(folder).toMatch(/^[0-9a-f]+$/);
    // busboy already reduces '..' to ''; either way nothing named '..' is written
    const dots = await upload({ main: { name: '..', content: VALID }, fields: { strategyName: 'dots' } });
    if (dots.code === 200) expect(dots.data.main_file).not.toContain('..');
    else expect(dots.code).toBe(400);
  });

  it('makes safe names on its own too (whatever the multipart parser did)', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Windows\\win.ini')).toBe('win.ini');
    expect(safeFileName('..hidden..py')).toBe('hidden.py');
    expect(safeFileName('策略 v1;rm -rf.py')).toBe('策略_v1_rm_-rf.py');
    expect(() => safeFileName('..')).toThrow();
    expect(() => safeFileName('a/..')).toThrow();
    expect(() => safeFileName('')).toThrow();
  });

  it('requires a main file, a name and a non-negative initial money for a new strategy', async () => {
    expect(await upload({ main: null })).toMatchObject({ code: 400, info: '请上传策略主文件' });
    expect((await upload({ fields: { strategyName: '' } })).code).toBe(400);
    expect((await upload({ fields: { initialMoney: '-5' } })).code).toBe(400);
    expect((await upload({ fields: { defaultParams: 'not json' } })).code).toBe(400);
    expect((await upload({ fields: { defaultParams: '{"list":[1,2]}' } })).code).toBe(400);
  });

  it('updates an existing strategy when strategySoleId names it (config mode)', async () => {
    const created = await upload({ fields: { strategyName: 'config me' } });
    const soleId = created.data.strategy_sole_id as string;
    const count = (await strategies()).length;
    const updated = await upload({
      main: null,
      fields: { strategySoleId: soleId, strategyName: 'configured', initialMoney: '2500', defaultParams: '{"dlt":0.5}' },
    });
    expect(updated).toMatchObject({ code: 200, info: '修改成功' });
    expect(updated.data).toMatchObject({ id: created.data.id, name: 'configured', initial_money: 2500, main_file: 'main_demo.py' });
    expect((await strategies()).length).toBe(count);
    const replaced = await upload({ main: { name: 'v2.py', content: '# v2/{"m":9}/x\n' }, fields: { strategySoleId: soleId, strategyName: 'configured' } });
    expect(replaced.data).toMatchObject({ id: created.data.id, main_file: 'main_v2.py', default_params: '{"m":9}' });
  });

  it('refuses a trader (403) on add, update and delete', async () => {
    const [first] = await strategies();
    const add = await upload({}, s.trader);
    expect(add.code).toBe(403);
    expect(add.info).toContain('没有权限');
    expect((await s.t.call('strategyUpdate', { strategyId: first!.id, strategyName: 'hijacked' }, { token: s.trader })).code).toBe(403);
    expect((await s.t.call('strategyDelete', { strategyId: first!.id }, { token: s.trader })).code).toBe(403);
    expect((await strategies())[0]!.name).toBe('arbitrage 2');
  });

  it('lets the super user update and delete', async () => {
    const created = await upload({ fields: { strategyName: 'short lived' } });
    const strategyId = created.data.id as number;
    const update = await s.t.call('strategyUpdate', { strategyId, strategyName: 'renamed', initialMoney: 42, defaultParams: '{"a":1}' }, { token: s.admin });
    expect(update).toMatchObject({ code: 200, data: { name: 'renamed', initial_money: 42, default_params: '{"a":1}' } });
    expect((await s.t.call('strategyUpdate', { strategyId, defaultParams: '{bad' }, { token: s.admin })).code).toBe(400);
    expect((await s.t.call('strategyUpdate', { strategyId, initialMoney: -1 }, { token: s.admin })).code).toBe(400);
    const folders = strategyFolders().length;
    expect((await s.t.call('strategyDelete', { strategyId }, { token: s.admin })).code).toBe(200);
    expect(strategyFolders().length).toBe(folders - 1);
    expect((await strategies()).some((s) => s.id === strategyId)).toBe(false);
    expect((await s.t.call('strategyDelete', { strategyId }, { token: s.admin })).code).toBe(404);
  });
});
