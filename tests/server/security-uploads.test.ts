// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { endpoints } from '#contract/endpoints';
import { MAX_STRATEGY_FILE_BYTES } from '#contract/rules/strategy-file';
import { MAX_UPLOAD_BYTES } from '../../server/http/routes';
import { ADMIN_COLUMNS } from '../../server/seed/demo';
import { signedInServer, startTestServer } from './helpers';

/**
 * strategy uploads over the size limit, not UTF-8 text, or with path-traversal names are refused
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
      reply = await upload(
        form({ name: 'ok.py', content: VALID }, [
          { name: 'util.py', content: 'x = 1\n' },
          { name: '../lib.py', content: bytes },
        ]),
      );
    });
    expect(written).toEqual([]);
    expect(reply).toEqual({ code: 400, info: '文件不是 UTF-8 文本：lib.py', data: null });
    expect((await upload(form({ name: 'ok.py', content: VALID }, [{ name: 'lib.py', content: bytes }]), 'en')).info).toBe('not a UTF-8 text file: lib.py');
  });

  it('a refused update leaves the strategy and its files as they were', async () => {
    const created = await upload(
      form({ name: 'keep.py', content: VALID }, [{ name: 'dep.py', content: 'y = 2\n' }], { strategyName: 'kept', strategySoleId: 'kept-1' }),
    );
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
      reply = await upload(
        form(
          { name: names[0]!, content: VALID },
          names.slice(1).map((name) => ({ name, content: 'x = 1\n' })),
          { strategyName: 'traversal 2' },
        ),
      );
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

/**
 * finding 3: a multipart body is not read before its caller is known. The token (the console sends it
 * in `Authorization: Bearer`, and first in the form) and the call's permission are checked before any file is
 * read; a file over the limit, or an upload over MAX_UPLOAD_BYTES, is refused as it arrives; and uploads under
 * way at once are capped per user and for the whole server.
 *
 * `stream` sends a body of `size` bytes through a stream the client pulls as the socket drains, and notes how
 * much had been pulled when the answer came: a server that reads the whole body first answers only after all
 * of it (64 MiB here); one that refuses early answers after a few MiB (what the sockets' buffers hold).
 */
const BOUNDARY = 'upload-boundary-31';
const MiB = 1024 * 1024;

const fieldPart = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (field: string, filename: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/x-python\r\n\r\n`;
const TAIL = `\r\n--${BOUNDARY}--\r\n`;

interface Streamed {
  reply: { code: number; info: string; data: unknown };
  /** bytes of the body the client had handed to its socket when the answer came. */
  sentWhenAnswered: number;
  total: number;
}

/** `parts`: text, or a count of filler bytes (a file's contents). */
async function stream(
  url: string,
  parts: (string | number)[],
  options: { headers?: Record<string, string>; contentLength?: boolean; lang?: string } = {},
): Promise<Streamed> {
  const total = parts.reduce<number>((sum, part) => sum + (typeof part === 'number' ? part : Buffer.byteLength(part)), 0);
  const filler = new Uint8Array(64 * 1024).fill(0x78);
  let pulled = 0;
  let index = 0;
  let left = typeof parts[0] === 'number' ? parts[0] : 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[index];
      if (part === undefined) return controller.close();
      if (typeof part === 'string') {
        const bytes = new TextEncoder().encode(part);
        pulled += bytes.length;
        index += 1;
        if (typeof parts[index] === 'number') left = parts[index] as number;
        return controller.enqueue(bytes);
      }
      const piece = filler.subarray(0, Math.min(left, filler.length));
      left -= piece.length;
      pulled += piece.length;
      if (left === 0) {
        index += 1;
        if (typeof parts[index] === 'number') left = parts[index] as number;
      }
      controller.enqueue(piece);
    },
  });
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...options.headers };
  if (options.lang) headers['accept-language'] = options.lang;
  if (options.contentLength) headers['content-length'] = String(total);
  const response = await fetch(url + endpoints.strategySaveFiles.path, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
  const sentWhenAnswered = pulled;
  return { reply: (await response.json()) as Streamed['reply'], sentWhenAnswered, total };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/**
 * A client that goes on sending after it is answered, as a browser does with a file that is too big: it writes its body
 * until the server ends the connection, then ends its own side. What it had read when the connection ended, and how.
 */
function sendUntilEnded(url: string, token: string, fileBytes: number): Promise<{ answer: string; error?: string }> {
  const { hostname, port } = new URL(url);
  const head = [fieldPart('strategyName', 'big'), filePart('file', 'big.py'), VALID].join('');
  const length = Buffer.byteLength(head) + fileBytes + TAIL.length;
  const socket = connect(Number(port), hostname);
  const filler = Buffer.alloc(64 * 1024, 0x78);
  let answer = '';
  let ended = false;
  let left = fileBytes;
  const write = () => {
    while (!ended && left > 0) {
      const piece = filler.subarray(0, Math.min(left, filler.length));
      left -= piece.length;
      if (!socket.write(piece)) return void socket.once('drain', write);
    }
  };
  return new Promise((resolve) => {
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => {
      ended = true;
      socket.end();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ answer, error: error.code }));
    socket.on('close', () => resolve({ answer }));
    socket.write(
      `POST ${endpoints.strategySaveFiles.path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n${head}`,
    );
    write();
  });
}

/** A form whose main file is `size` bytes: a valid header, then filler. */
const bigUpload = (size: number, fields: string[] = []) => [
  ...fields,
  fieldPart('strategyName', 'big'),
  filePart('file', 'big.py'),
  VALID,
  size - VALID.length,
  TAIL,
];
/** What the sockets may hold in flight; far below the 64 MiB a server that reads everything takes in. */
const EARLY = 16 * MiB;

describe('an upload is refused before its body is read', () => {
  it('no token: code 3 at the first file, long before the 64 MiB body ends', async () => {
    const { reply, sentWhenAnswered, total } = await stream(s.t.url, bigUpload(64 * MiB));
    expect(reply).toEqual({ code: 3, info: '未登录或缺少登录凭证，请先登录', data: null });
    expect(total).toBeGreaterThan(64 * MiB);
    expect(sentWhenAnswered).toBeLessThan(EARLY);
  });

  it('a trader (no permission to add strategies), token in the header: 403 before any of the body', async () => {
    const { reply, sentWhenAnswered } = await stream(s.t.url, bigUpload(64 * MiB), { headers: bearer(s.trader) });
    expect(reply).toEqual({ code: 403, info: '没有权限：strategySaveFiles', data: null });
    expect(sentWhenAnswered).toBeLessThan(EARLY);
  });

  it('a trader, token as the first field of the form (as the contract sends it): 403 at that field', async () => {
    const { reply, sentWhenAnswered } = await stream(s.t.url, bigUpload(64 * MiB, [fieldPart('token', s.trader)]), { lang: 'en' });
    expect(reply).toEqual({ code: 403, info: 'permission denied: strategySaveFiles', data: null });
    expect(sentWhenAnswered).toBeLessThan(EARLY);
  });

  it('an unknown token in the header: code 3 before any of the body', async () => {
    const { reply, sentWhenAnswered } = await stream(s.t.url, bigUpload(64 * MiB), { headers: bearer('0'.repeat(64)) });
    expect(reply).toEqual({ code: 3, info: '登录已失效，请重新登录', data: null });
    expect(sentWhenAnswered).toBeLessThan(EARLY);
  });

  it('the super user, a main file of 64 MiB: 413 naming the file as it passes 2 MiB, not after the rest', async () => {
    const { reply, sentWhenAnswered } = await stream(s.t.url, bigUpload(64 * MiB), { headers: bearer(s.admin) });
    expect(reply).toEqual({ code: 413, info: '文件过大：big.py 超过了单个文件 2 MiB 的上限', data: null });
    expect(sentWhenAnswered).toBeLessThan(EARLY);
  });

  it('a client still sending after its answer reads all of it, and the connection ends, not reset (413, then 3)', async () => {
    for (const [token, code] of [
      [s.admin, 413],
      ['0'.repeat(64), 3],
    ] as const) {
      for (let run = 0; run < 5; run++) {
        const { answer, error } = await sendUntilEnded(s.t.url, token, 18 * MiB);
        expect(error).toBeUndefined();
        expect(answer).toMatch(/^HTTP\/1.1 200 OK\r\n/);
        expect(answer).toMatch(/\r\nconnection: close\r\n/i);
        expect(answer).toContain(`"code":${code}`);
      }
    }
  });

  it('a body that says it is over 20 MiB: 413 before any of it is read', async () => {
    const { reply, sentWhenAnswered, total } = await stream(s.t.url, bigUpload(64 * MiB), { headers: bearer(s.admin), contentLength: true, lang: 'en' });
    expect(reply).toEqual({ code: 413, info: 'upload too large: the files of one upload may total 20 MiB at most', data: null });
    expect(sentWhenAnswered).toBeLessThan(EARLY);
    expect(total).toBeGreaterThan(MAX_UPLOAD_BYTES);
  });

  it('files each under 2 MiB but together over 20 MiB: 413 once they pass 20 MiB, nothing written', async () => {
    const file = 2 * MiB - 1024;
    const relies = Array.from({ length: 15 }, (_, index) => [filePart('relyOnFiles', `dep${index}.py`), file, '\r\n']).flat();
    const parts = [
      fieldPart('strategyName', 'many files'),
      fieldPart('initialMoney', '1000'),
      filePart('file', 'main.py'),
      VALID,
      '\r\n',
      ...relies,
      `--${BOUNDARY}--\r\n`,
    ];
    let result: Streamed | undefined;
    expect(await writtenBy(async () => (result = await stream(s.t.url, parts, { headers: bearer(s.admin) })))).toEqual([]);
    expect(result!.reply).toEqual({ code: 413, info: '上传过大：一次上传的文件合计不能超过 20 MiB', data: null });
    expect(result!.total).toBeGreaterThan(28 * MiB);
  });

  it("the server keeps serving after refusing, and the console's own upload (header and field) still saves", async () => {
    const data = form({ name: 'after.py', content: VALID }, [], { strategyName: 'after refusals' });
    data.set('token', s.admin);
    expect((await upload(data)).code).toBe(200);
  });
});

/** An upload that sends its form up to the main file's first bytes, then waits: it holds its place until `finish`. */
function holdUpload(url: string, token: string, name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let step = 0;
  const head = fieldPart('strategyName', name) + fieldPart('initialMoney', '1000') + filePart('file', `${name}.py`);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      step += 1;
      if (step === 1) return controller.enqueue(new TextEncoder().encode(head + VALID.slice(0, 10)));
      await released;
      controller.enqueue(new TextEncoder().encode(VALID.slice(10) + TAIL));
      controller.close();
    },
  });
  const reply = fetch(url + endpoints.strategySaveFiles.path, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...bearer(token) },
    body,
    duplex: 'half',
  } as RequestInit).then((response) => response.json() as Promise<{ code: number; info: string }>);
  return {
    finish: () => {
      release();
      return reply;
    },
  };
}

describe('uploads under way at once are capped', () => {
  it('per user: a third upload of the super user while two are under way is refused at once, in its language; it goes through once one ends', async () => {
    const t = await startTestServer();
    try {
      const admin = await t.login('admin', 'admin123');
      const first = holdUpload(t.url, admin, 'first');
      const second = holdUpload(t.url, admin, 'second');
      await t.server.uploads.whenActive(2);
      const third = () => form({ name: 'third.py', content: VALID }, [], { strategyName: 'third' });
      expect(await t.call('strategySaveFiles', third(), { token: admin })).toEqual({
        code: 429,
        info: '同时进行的上传过多（每个用户最多 2 个，全站最多 4 个），请等当前上传完成后重试',
        data: null,
      });
      expect((await t.call('strategySaveFiles', third(), { token: admin, lang: 'en' })).info).toBe(
        'too many uploads at once (at most 2 per user and 4 in all): try again when the current ones have finished',
      );
      expect(await first.finish()).toMatchObject({ code: 200 });
      expect(await t.call('strategySaveFiles', third(), { token: admin })).toMatchObject({ code: 200, data: { name: 'third' } });
      expect(await second.finish()).toMatchObject({ code: 200 });
      expect(t.server.uploads.active()).toBe(0);
    } finally {
      await t.stop();
    }
  });

  it("in all: with room for 3, a second super user's second upload is refused while 3 are under way", async () => {
    const t = await startTestServer({ settings: { uploadsInAll: 3 } });
    try {
      // the trader made a second super user, with the super user's pages
      const columns = JSON.stringify(ADMIN_COLUMNS);
      await t.server.context.db.run("UPDATE users SET is_super = 1, level = 1, columns = ? WHERE username = 'trader'", [columns]);
      const admin = await t.login('admin', 'admin123');
      const other = await t.login('trader', 'trader123');
      const held = [holdUpload(t.url, admin, 'a1'), holdUpload(t.url, admin, 'a2'), holdUpload(t.url, other, 'o1')];
      await t.server.uploads.whenActive(3);
      expect(t.server.uploads.active()).toBe(3);
      const refused = await t.call('strategySaveFiles', form({ name: 'o2.py', content: VALID }, [], { strategyName: 'o2' }), { token: other });
      expect(refused).toMatchObject({ code: 429, info: '同时进行的上传过多（每个用户最多 2 个，全站最多 3 个），请等当前上传完成后重试' });
      for (const upload of held) expect(await upload.finish()).toMatchObject({ code: 200 });
      expect((await t.call('strategySaveFiles', form({ name: 'o2.py', content: VALID }, [], { strategyName: 'o2' }), { token: other })).code).toBe(200);
    } finally {
      await t.stop();
    }
  });
});

/** Every file under DATA_DIR/strategies with its contents. */
function strategyFilesOnDisk(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'strategies');
  const found: Record<string, string> = {};
  for (const folder of readdirSync(root)) {
    for (const file of readdirSync(path.join(root, folder))) found[`${folder}/${file}`] = readFileSync(path.join(root, folder, file), 'utf8');
  }
  return found;
}

describe('a strategy replace is whole or nothing', () => {
  it('a replace whose row cannot be written leaves the files and the row as they were; the next one replaces them all', async () => {
    const t = await startTestServer();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const admin = await t.login('admin', 'admin123');
      const save = (main: string | null, rely: { name: string; content: string }[], fields: Record<string, string> = {}) =>
        t.call(
          'strategySaveFiles',
          form(main === null ? null : { name: main, content: `${VALID}# ${main}\n` }, rely, { strategySoleId: 'whole-1', ...fields }),
          { token: admin },
        );
      expect((await save('first.py', [{ name: 'dep.py', content: 'a = 1\n' }])).code).toBe(200);
      const before = strategyFilesOnDisk(t.dataDir);
      const listed = async () =>
        ((await t.call('strategyHome', {}, { token: admin })).data as { strategy_sole_id: string }[]).find((row) => row.strategy_sole_id === 'whole-1');
      const rowBefore = await listed();

      // the database refuses the row's update (as a full disk or a crash would stop it)
      await t.server.context.db.run("CREATE TRIGGER refuse_update BEFORE UPDATE ON strategies BEGIN SELECT RAISE(ABORT, 'refused by the test'); END");
      const failed = await save('second.py', [{ name: 'other.py', content: 'b = 2\n' }], { strategyName: 'renamed' });
      expect(failed.code).toBe(500);
      expect(strategyFilesOnDisk(t.dataDir)).toEqual(before);
      expect(await listed()).toEqual(rowBefore);

      await t.server.context.db.run('DROP TRIGGER refuse_update');
      const replaced = await save('second.py', [{ name: 'other.py', content: 'b = 2\n' }], { strategyName: 'renamed' });
      expect(replaced).toMatchObject({ code: 200, data: { name: 'renamed', main_file: 'main_second.py', rely_on_files: ['rely_1_other.py'] } });
      const after = strategyFilesOnDisk(t.dataDir);
      const mine = Object.keys(after).filter((file) => !(file in before) || after[file] !== before[file]);
      // the old folder is gone with its files; the new one holds exactly the new files
      expect(
        Object.keys(before)
          .filter((file) => file.endsWith('main_first.py'))
          .every((file) => !(file in after)),
      ).toBe(true);
      expect(mine.map((file) => path.basename(file)).sort()).toEqual(['main_second.py', 'rely_1_other.py']);
      // a replace of the dependencies only keeps the main file, in the strategy's new folder
      const relyOnly = await save(null, [{ name: 'third.py', content: 'c = 3\n' }]);
      expect(relyOnly).toMatchObject({ code: 200, data: { main_file: 'main_second.py', rely_on_files: ['rely_1_third.py'] } });
      const last = strategyFilesOnDisk(t.dataDir);
      const folders = new Set(
        Object.keys(last)
          .filter((file) => !(file in before))
          .map((file) => path.dirname(file)),
      );
      expect(folders.size).toBe(1);
      expect(
        Object.keys(last)
          .filter((file) => file.startsWith(`${[...folders][0]}/`))
          .map((file) => path.basename(file))
          .sort(),
      ).toEqual(['main_second.py', 'rely_1_third.py']);
    } finally {
      quiet.mockRestore();
      await t.stop();
    }
  });

  it('a folder no strategy names (a save stopped between its files and its row) is swept at the next start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'console-sweep-'));
    const first = await startTestServer({ dataDir });
    const named = Object.keys(strategyFilesOnDisk(dataDir));
    await first.server.close();
    mkdirSync(path.join(dataDir, 'strategies', 'abcdef0123456789'));
    writeFileSync(path.join(dataDir, 'strategies', 'abcdef0123456789', 'main_half.py'), VALID);
    const second = await startTestServer({ dataDir });
    try {
      expect(Object.keys(strategyFilesOnDisk(dataDir))).toEqual(named);
    } finally {
      await second.stop();
    }
  });
});
