// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/http/auth';
import { openDb } from '../../server/store/db';
import { startServer } from '../../server/main';
import { migrate, MIGRATIONS, schemaVersion, SCHEMA_VERSION } from '../../server/store/migrations';
import { countOrders, listOrders, sumOrders } from '../../server/store/orders';
import { startTestServer, TEST_START } from './helpers';

const SCHEMA_V0 = readFileSync(path.join(import.meta.dirname, 'fixtures/schema-v0.sql'), 'utf8');
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'console-migrate-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const userVersion = (conn: Database.Database) => Number((conn.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);

/** A data folder as the server wrote it before migrations: user_version 0, tables and data present. */
async function folderOfVersion0(): Promise<string> {
  const dir = freshDir();
  const passwordHash = await hashPassword('veteran123');
  const conn = new Database(path.join(dir, 'console.db'));
  conn.exec(SCHEMA_V0);
  const now = TEST_START;
  const insert = (sql: string, ...args: unknown[]) => conn.prepare(sql).run(args);
  conn.transaction(() => {
    for (const area of ['reference', 'users', 'strategies', 'api-accounts'])
      insert('INSERT INTO meta (key, value) VALUES (?, ?)', `seeded:${area}`, '2024-01-01T00:00:00.000Z');
    insert('INSERT INTO bourses (id, name) VALUES (1, ?)', 'OKEx');
    insert(
      `INSERT INTO users (id, username, password_hash, is_super, level, pes, columns, strategy_keys, created_at)
       VALUES (42, 'veteran', ?, 0, 0, 0, '["/api","/config"]', '[]', ?)`,
      passwordHash,
      now,
    );
    insert(
      `INSERT INTO api_accounts (user_id, name, bourse_id, api_key, api_secret, fees, advanced, asset_template, created_at)
       VALUES (42, 'old account', 1, 'key-1', 'secret-1', '{}', '{}', 1234, ?)`,
      now,
    );
    insert('INSERT INTO global_config (id, value) VALUES (1, ?)', '{"voiceIntervalTime":77}');
  })();
  expect(userVersion(conn)).toBe(0);
  conn.close();
  return dir;
}

describe('migrations', () => {
  it('upgrades a data folder made before migrations in place: its data is still there', async () => {
    const dataDir = await folderOfVersion0();
    const t = await startTestServer({ dataDir });
    try {
      const token = await t.login('veteran', 'veteran123');
      const apis = (await t.call('apiList', {}, { token })).data;
      expect(apis).toMatchObject([{ name: 'old account', apiKey: 'key-1', bourse_name: 'OKEx' }]);
      expect((await t.call('apiAssetTemplateGet', { apiId: apis[0].id }, { token })).data).toEqual({ assetTemplate: 1234 });
      expect((await t.call('globalConfigGet', {}, { token })).data.voiceIntervalTime).toBe(77);
      // no seed ran again over it
      await expect(t.login('admin', 'admin123')).rejects.toThrow();
      expect(await schemaVersion(t.server.context.db)).toBe(SCHEMA_VERSION);
    } finally {
      await t.stop();
    }
  });

  it('starts a new data folder at the latest version, and a second start changes nothing', async () => {
    const dir = freshDir();
    const db = await openDb(dir);
    expect(await schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(await migrate(db)).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('applies only the migrations a database has not seen, and a failing one leaves it as it was', async () => {
    const db = await openDb(freshDir());
    try {
      const next = [...MIGRATIONS, ["ALTER TABLE users ADD COLUMN nickname TEXT NOT NULL DEFAULT ''"]];
      expect(await migrate(db, next)).toBe(SCHEMA_VERSION + 1);
      expect(await db.get("SELECT name FROM pragma_table_info('users') WHERE name = 'nickname'")).toEqual({ name: 'nickname' });

      const broken = [...next, ['CREATE TABLE half_done (id INTEGER)', 'THIS IS NOT SQL']];
      await expect(migrate(db, broken)).rejects.toThrow();
      expect(await schemaVersion(db)).toBe(SCHEMA_VERSION + 1);
      expect(await db.get("SELECT name FROM sqlite_master WHERE name = 'half_done'")).toBeUndefined();
    } finally {
      db.close();
    }
  });

  it('refuses a data folder made by a newer server, and leaves it untouched', async () => {
    const dir = freshDir();
    const conn = new Database(path.join(dir, 'console.db'));
    conn.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 5}`);
    conn.close();
    await expect(startServer({ port: 0, dataDir: dir, staticDir: null })).rejects.toThrow(/newer/);
    const again = new Database(path.join(dir, 'console.db'));
    expect(userVersion(again)).toBe(SCHEMA_VERSION + 5);
    expect(again.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toHaveLength(0);
    again.close();
  });

  it('migrations 22 and 24 keep the sums of the orders already there (per task, kind, API, side and hour) and their facts: a period’s sums and lists read them, equal to the orders’ own', async () => {
    const dir = freshDir();
    const conn = new Database(path.join(dir, 'console.db'));
    for (const sql of MIGRATIONS.slice(0, 21).flat()) conn.exec(sql);
    conn.exec('PRAGMA user_version = 21');
    conn
      .prepare(
        `INSERT INTO task_tasks (id, user_id, strategy_id, strategy_name, name, params, created_at) VALUES (7, 1, 1, 'arbitrage 2', 'old', '{"currency_type":"btc"}', ?)`,
      )
      .run([TEST_START]);
    const order = conn.prepare(
      `INSERT INTO task_orders (client_id, task_id, task_children_id, cparam, result, pairing_id, status_, createtime) VALUES (?, 7, 1, ?, ?, ?, 3, ?)`,
    );
    // 60 orders over 7 hours: both kinds, two APIs and one without, every side and one without
    for (let k = 0; k < 60; k += 1) {
      const cparam = {
        order_type: k % 3 ? 'auto' : 'manual',
        otype: (k % 4) + 1,
        ...(k === 5 ? {} : { acc_type: k % 2 ? 'spot' : 'futures' }),
        ...(k === 8 ? {} : { apiid: (k % 2) + 1 }),
      };
      const result = { deal_amount: 0.0011 * ((k % 7) + 1), deal_price: 30_000 + k * 13.37, fee: 0.0005 * 0.0011 * ((k % 7) + 1) * (30_000 + k * 13.37) };
      order.run([`old-${k}`, JSON.stringify(cparam), JSON.stringify(result), `p-${k}`, TEST_START - k * 7 * 60_000]);
    }
    conn.close();

    const db = await openDb(dir);
    try {
      const keys = "task_id, manual, createtime / 3600000, IFNULL(api_id, X''), IFNULL(side, -1)";
      const kept = await db.all(
        `SELECT task_id, manual, hour, api_id, side, orders, notional + notional_err AS notional, fee + fee_err AS fee FROM order_sums ORDER BY 1, 2, 3, 4, 5`,
      );
      const summed = await db.all(`SELECT ${keys}, COUNT(*), SUM(notional), SUM(fee) FROM task_orders GROUP BY ${keys} ORDER BY 1, 2, 3, 4, 5`);
      expect(kept.length).toBeGreaterThan(14);
      expect(kept.map((r) => Object.values(r as object))).toEqual(summed.map((r) => Object.values(r as object)));
      // from mid-hour to mid-hour: the figures SUM() gives over the orders themselves
      const from = TEST_START - 5.5 * 3_600_000;
      const to = TEST_START - 20 * 60_000;
      const sides =
        'SUM(CASE WHEN side = 1 THEN notional ELSE 0 END), SUM(CASE WHEN side = 0 THEN notional ELSE 0 END), SUM(CASE WHEN side = 3 THEN notional ELSE 0 END), SUM(CASE WHEN side = 2 THEN notional ELSE 0 END)';
      const own = await db.all(
        `SELECT manual, api_id, COUNT(*), SUM(notional), SUM(fee), ${sides} FROM task_orders WHERE createtime >= ? AND createtime <= ? GROUP BY manual, api_id ORDER BY manual, api_id`,
        [from, to],
      );
      const read = await sumOrders(db, { userId: 1, from, to }, { currency: false, api: true, task: false });
      expect(read.map((g) => [g.kind === 'manual' ? 1 : 0, g.api_id, g.orders, g.notional, g.fee, g.fu_buy, g.fu_sell, g.ss_buy, g.ss_sell])).toEqual(
        own.map((r) => Object.values(r as object)),
      );
      expect(read.map((g) => g.api_id)).toContain(null);
      // migration 24: the facts order_stats kept are the orders' own columns; the user's count, pages and API filter read them
      expect(await countOrders(db, { userId: 1 })).toBe(60);
      expect(await countOrders(db, { userId: 1, apiIds: [2] })).toBe(30);
      const page = await listOrders(db, { userId: 1, from, to }, { limit: 5 });
      expect(page.map((o) => o.client_id)).toEqual(['old-47', 'old-46', 'old-45', 'old-44', 'old-43']);
      expect(await db.get("SELECT name FROM sqlite_master WHERE name = 'order_stats'")).toBeUndefined();
    } finally {
      db.close();
    }
  });
});
