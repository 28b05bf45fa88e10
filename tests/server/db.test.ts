// @vitest-environment node
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '../../server/store/db';
import type { Db } from '../../server/store/queryable';

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'console-db-'));
  db = await openDb(dir);
  await db.run("INSERT INTO meta (key, value) VALUES ('counter', '0')");
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const counter = async (q: Pick<Db, 'get'> = db) => Number((await q.get<{ value: string }>("SELECT value FROM meta WHERE key = 'counter'"))!.value);
const setCounter = (q: Pick<Db, 'run'>, value: number) => q.run("UPDATE meta SET value = ? WHERE key = 'counter'", [String(value)]);
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** a transaction that writes, lets `release` go, gives it a turn, then rolls back */
const rolledBackAfter = (release: () => void) =>
  expect(
    db.transaction(async (tx) => {
      await setCounter(tx, 9);
      release();
      await turn();
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');

describe('db.transaction', () => {
  it('commits what the work wrote and returns its result', async () => {
    const result = await db.transaction(async (tx) => {
      await setCounter(tx, 5);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await counter()).toBe(5);
  });

  it('rolls everything back when the work throws, and throws the error on', async () => {
    await expect(
      db.transaction(async (tx) => {
        await setCounter(tx, 7);
        await tx.run("INSERT INTO meta (key, value) VALUES ('other', 'x')");
        throw new Error('refused half way');
      }),
    ).rejects.toThrow('refused half way');
    expect(await counter()).toBe(0);
    expect(await db.get("SELECT value FROM meta WHERE key = 'other'")).toBeUndefined();
    // the connection is usable afterwards
    await db.transaction((tx) => setCounter(tx, 1));
    expect(await counter()).toBe(1);
  });

  it('never interleaves two read-modify-writes: concurrent increments all count', async () => {
    const increment = () =>
      db.transaction(async (tx) => {
        const value = await counter(tx);
        await turn(); // give the other transactions every chance to cut in
        await setCounter(tx, value + 1);
      });
    await Promise.all(Array.from({ length: 20 }, increment));
    expect(await counter()).toBe(20);
  });

  it('keeps a statement from outside out of an open transaction that then rolls back', async () => {
    // another request (set up outside the transaction) writes while it is open: it waits for its turn
    let release!: () => void;
    const outside = new Promise<void>((resolve) => (release = resolve)).then(() => db.run("INSERT INTO meta (key, value) VALUES ('outside', 'kept')"));
    await rolledBackAfter(release);
    await outside;
    expect(await counter()).toBe(0);
    expect(await db.get("SELECT value FROM meta WHERE key = 'outside'")).toEqual({ value: 'kept' });
  });

  it('keeps a statement of work a transaction started but did not await out of a later transaction that rolls back', async () => {
    // a transaction starts background work (a gateway's socket), which writes after the transaction has ended
    let release!: () => void;
    let later!: Promise<unknown>;
    await db.transaction(async (tx) => {
      await setCounter(tx, 2);
      later = new Promise<void>((resolve) => (release = resolve)).then(() => db.run("INSERT INTO meta (key, value) VALUES ('later', 'kept')"));
    });
    await rolledBackAfter(release);
    await later;
    expect(await counter()).toBe(2);
    expect(await db.get("SELECT value FROM meta WHERE key = 'later'")).toEqual({ value: 'kept' });
  });

  it('makes calls through db inside the work (and nested transactions) part of it', async () => {
    await expect(
      db.transaction(async () => {
        await setCounter(db, 3);
        await db.transaction((inner) => inner.run("INSERT INTO meta (key, value) VALUES ('nested', 'x')"));
        throw new Error('undo both');
      }),
    ).rejects.toThrow('undo both');
    expect(await counter()).toBe(0);
    expect(await db.get("SELECT value FROM meta WHERE key = 'nested'")).toBeUndefined();
  });

  it('commits a write that need not wait for the disk, and every other write still waits for it', async () => {
    const safety = async () => Number((await db.get<{ synchronous: number }>('PRAGMA synchronous'))!.synchronous);
    expect(await safety()).toBe(2); // FULL: a commit is on disk before it returns
    await db.batch([{ sql: "UPDATE meta SET value = '6' WHERE key = 'counter'" }], { durable: false });
    expect(await counter()).toBe(6);
    expect(await safety()).toBe(2);
    await expect(db.transaction(async () => Promise.reject(new Error('refused')), { durable: false })).rejects.toThrow('refused');
    expect(await safety()).toBe(2);
  });

  it('batch writes all statements or none', async () => {
    await expect(
      db.batch([{ sql: "UPDATE meta SET value = '4' WHERE key = 'counter'" }, { sql: "INSERT INTO meta (key, value) VALUES ('counter', 'duplicate')" }]),
    ).rejects.toThrow();
    expect(await counter()).toBe(0);
  });
});

describe('the driver', () => {
  it('prepares a statement once and runs it again with new arguments', async () => {
    for (let i = 1; i <= 3; i++) await db.run('INSERT INTO meta (key, value) VALUES (?, ?)', [`k${i}`, `v${i}`]);
    expect(await db.all("SELECT key, value FROM meta WHERE key LIKE 'k%' ORDER BY key")).toEqual([
      { key: 'k1', value: 'v1' },
      { key: 'k2', value: 'v2' },
      { key: 'k3', value: 'v3' },
    ]);
    expect(await db.get('SELECT value FROM meta WHERE key = ?', ['k2'])).toEqual({ value: 'v2' });
    expect(await db.get('SELECT value FROM meta WHERE key = ?', ['none'])).toBeUndefined();
  });

  it('still answers after more statements than it keeps prepared', async () => {
    for (let i = 0; i < 600; i++) expect(await db.get(`SELECT ? + ${i} AS n`, [1])).toEqual({ n: i + 1 });
    expect(await counter()).toBe(0);
  });

  it('returns rows with their columns only, and the changes and id of a write', async () => {
    expect(Object.keys((await db.get("SELECT key, value FROM meta WHERE key = 'counter'"))!)).toEqual(['key', 'value']);
    expect(await db.run("INSERT INTO meta (key, value) VALUES ('x', '1')")).toEqual({ changes: 1, lastId: expect.any(Number) });
    expect(await db.run("UPDATE meta SET value = 'y' WHERE key LIKE 'nothing%'")).toMatchObject({ changes: 0 });
  });

  it('binds booleans as 1 and 0, and refuses undefined and non-finite numbers', async () => {
    expect(await db.get('SELECT ? AS yes, ? AS no', [true, false])).toEqual({ yes: 1, no: 0 });
    await expect(db.run('INSERT INTO meta (key, value) VALUES (?, ?)', ['nan', Number.NaN])).rejects.toThrow(RangeError);
    await expect(db.run('INSERT INTO meta (key, value) VALUES (?, ?)', ['u', undefined as never])).rejects.toThrow(TypeError);
    expect(await db.get("SELECT key FROM meta WHERE key IN ('nan', 'u')")).toBeUndefined();
  });

  it('keeps a committed transaction and drops an open one when the process is killed (kill -9)', async () => {
    db.close();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/commit-then-hold.ts'), dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let said = '';
    child.stdout.setEncoding('utf8');
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (text: string) => {
        said += text;
        if (said.includes('open')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`the writer ended (${code}) before its transaction was open: ${said}`)));
    });
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
    db = await openDb(dir);
    expect(await db.get("SELECT value FROM meta WHERE key = 'committed'")).toEqual({ value: 'yes' });
    expect(await db.get("SELECT value FROM meta WHERE key = 'uncommitted'")).toBeUndefined();
  });
});

describe('the pages of a data folder (issue 35)', () => {
  const pragma = async (name: string) => Object.values((await db.get<Record<string, number>>(`PRAGMA ${name}`))!)[0];

  it('makes a new data folder with 16 KiB pages, its WAL copied back at ~40 MB', async () => {
    expect(await pragma('page_size')).toBe(16384);
    expect(await pragma('wal_autocheckpoint')).toBe(2560);
  });

  it('opens a data folder made with 4 KiB pages as it is: its pages stay, its rows are read, the same ~40 MB of WAL', async () => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir);
    const old = new Database(path.join(dir, 'console.db'));
    old.exec('PRAGMA journal_mode = WAL');
    old.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    old.exec("INSERT INTO meta VALUES ('kept', 'yes')");
    old.close();
    db = await openDb(dir);
    expect(await pragma('page_size')).toBe(4096);
    expect(await pragma('wal_autocheckpoint')).toBe(10240);
    expect(await db.get("SELECT value FROM meta WHERE key = 'kept'")).toEqual({ value: 'yes' });
  });
});
