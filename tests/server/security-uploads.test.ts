// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_STRATEGY_FILE_BYTES } from '../../server/handlers/strategies';
import { signedInServer } from './helpers';

/**
 * Issue 21: strategy uploads over the size limit, not UTF-8 text, or with path-traversal names are refused
 * with a clear message, and nothing is written outside the strategy's own folder — nor anything at all when
 * the upload is refused. (The header rule and safeFileName itself: tests/server/strategies.test.ts.)
 */
const s = signedInServer();

const VALID = '# demo/{"dlt":0.1,"m":2}/v1\nprint("hello")\n';
type Content = string | Uint8Array;

function form(main: { name: string; content: Content } | null, rely: { name: string; content: Content }[] = [], fields: Record<string, string> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries({ strategyName: 'upload', initialMoney: '1000', ...fields })) data.append(key, value);
  for (const file of rely) data.append('relyOnFiles', new Blob([file.content]), file.name);
  if (main) data.append('file', new Blob([main.content]), main.name);
  return data;
}
const upload = (data: FormData, lang?: string) => s.t.call('strategySaveFiles', data, { token: s.admin, lang });

/** Every file under the data folder with its size, but the database's own (it changes with any call). */
function filesOnDisk(): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.startsWith('console.db')) found.set(path.relative(s.t.dataDir, full), statSync(full).size);
    }
  };
  walk(s.t.dataDir);
  return found;
}
/** What `work` wrote: files that are new or changed. */
async function writtenBy(work: () => Promise<unknown>): Promise<string[]> {
  const before = filesOnDisk();
  await work();
  return [...filesOnDisk()].filter(([file, size]) => before.get(file) !== size).map(([file]) => file);
}

const NOT_UTF8: [string, Uint8Array][] = [
  ['an invalid UTF-8 sequence', new Uint8Array([0x78, 0x20, 0x3d, 0x20, 0xc3, 0x28, 0x0a])],
  ['a NUL byte', new Uint8Array([0x78, 0x00, 0x79])],
  ['Latin-1 text', new Uint8Array([0x23, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x0a])],
];

describe('strategy uploads refused, and nothing written', () => {
  it('a main file one byte over the limit: 413 naming the file and the limit, nothing written', async () => {
    const big = VALID + 'x'.repeat(MAX_STRATEGY_FILE_BYTES + 1 - VALID.length);
    let reply: Awaited<ReturnType<typeof upload>> | undefined;
    expect(await writtenBy(async () => (reply = await upload(form({ name: 'big.py', content: big }))))).toEqual([]);
    expect(reply).toMatchObject({ code: 413, info: '文件过大：big.py 超过了单个文件 2 MiB 的上限', data: null });
    // exactly at the limit is taken
    const fits = VALID + 'x'.repeat(MAX_STRATEGY_FILE_BYTES - VALID.length);
    expect((await upload(form({ name: 'fits.py', content: fits }, [], { strategyName: 'at the limit' }))).code).toBe(200);
  });

  it('a dependency over the limit beside a valid main file: 413 in English too, nothing written', async () => {
    let reply: Awaited<ReturnType<typeof upload>> | undefined;
    const written = await writtenBy(async () => {
      reply = await upload(form({ name: 'ok.py', content: VALID }, [{ name: 'huge.bin', content: 'y'.repeat(MAX_STRATEGY_FILE_BYTES + 1) }]), 'en');
    });
    expect(written).toEqual([]);
    expect(reply).toMatchObject({ code: 413, info: 'file too large: huge.bin exceeds the 2 MiB limit per file' });
  });

  it.each(NOT_UTF8)('a main file with %s: 400 无法解析该文本!, nothing written', async (_, bytes) => {
    let reply: Awaited<ReturnType<typeof upload>> | undefined;
    expect(await writtenBy(async () => (reply = await upload(form({ name: 'main.py', content: bytes }))))).toEqual([]);
    expect(reply).toEqual({ code: 400, info: '无法解析该文本!', data: null });
  });

  it.each(NOT_UTF8)('a dependency with %s: 400 naming the file, nothing written (not the valid main file either)', async (_, bytes) => {
    let reply: Awaited<ReturnType<typeof upload>> | undefined;
    const written = await writtenBy(async () => {
      reply = await upload(form({ name: 'ok.py', content: VALID }, [{ name: 'util.py', content: 'x = 1\n' }, { name: '../lib.py', content: bytes }]));
    });
    expect(written).toEqual([]);
    expect(reply).toEqual({ code: 400, info: '文件不是 UTF-8 文本：lib.py', data: null });
    expect((await upload(form({ name: 'ok.py', content: VALID }, [{ name: 'lib.py', content: bytes }]), 'en')).info).toBe('not a UTF-8 text file: lib.py');
  });

  it('a refused update leaves the strategy and its files as they were', async () => {
    const created = await upload(form({ name: 'keep.py', content: VALID }, [{ name: 'dep.py', content: 'y = 2\n' }], { strategyName: 'kept', strategySoleId: 'kept-1' }));
    expect(created.code).toBe(200);
    const written = await writtenBy(async () => {
      expect((await upload(form({ name: 'keep.py', content: VALID + 'z'.repeat(MAX_STRATEGY_FILE_BYTES) }, [], { strategySoleId: 'kept-1' }))).code).toBe(413);
      expect((await upload(form(null, [{ name: 'dep.py', content: new Uint8Array([0xff, 0xfe]) }], { strategySoleId: 'kept-1' }))).code).toBe(400);
    });
    expect(written).toEqual([]);
    const list = (await s.t.call('strategyHome', {}, { token: s.admin })).data as { strategy_sole_id: string; main_file: string; rely_on_files: string[] }[];
    expect(list.find((row) => row.strategy_sole_id === 'kept-1')).toMatchObject({ main_file: 'main_keep.py', rely_on_files: ['rely_1_dep.py'] });
  });

  it('traversal names in every part: the files land in the new strategy folder only, under safe names', async () => {
    const names = ['../../../../tmp/evil.py', '..\\..\\windows\\win.ini', '/etc/cron.d/job', 'a/../../b.py', '%2e%2e%2fenc.py'];
    let reply: Awaited<ReturnType<typeof upload>> | undefined;
    const written = await writtenBy(async () => {
      reply = await upload(form({ name: names[0]!, content: VALID }, names.slice(1).map((name) => ({ name, content: 'x = 1\n' })), { strategyName: 'traversal 2' }));
    });
    expect(reply!.code).toBe(200);
    expect(written).toHaveLength(names.length);
    const folders = new Set(written.map((file) => path.dirname(file)));
    expect(folders.size).toBe(1);
    const [folder] = [...folders];
    expect(folder).toMatch(/^strategies[/\\][0-9a-f]+$/);
    expect(written.map((file) => path.basename(file)).sort()).toEqual([reply!.data.main_file, ...reply!.data.rely_on_files].sort());
    for (const file of written) expect(path.basename(file)).toMatch(/^[\p{L}\p{N}._-]+$/u);
    expect(readFileSync(path.join(s.t.dataDir, folder!, reply!.data.main_file), 'utf8')).toBe(VALID);
  });
});
