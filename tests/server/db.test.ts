// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db';

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
    await expect(
      db.transaction(async (tx) => {
        await setCounter(tx, 9);
        release();
        await turn();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await outside;
    expect(await counter()).toBe(0);
    expect(await db.get("SELECT value FROM meta WHERE key = 'outside'")).toEqual({ value: 'kept' });
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

  it('batch writes all statements or none', async () => {
    await expect(
      db.batch([
        { sql: "UPDATE meta SET value = '4' WHERE key = 'counter'" },
        { sql: "INSERT INTO meta (key, value) VALUES ('counter', 'duplicate')" },
      ]),
    ).rejects.toThrow();
    expect(await counter()).toBe(0);
  });
});
