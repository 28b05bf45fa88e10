/**
 * A production start (DEMO=0, docs/DEPLOY.md): no demo accounts, no demo data. The first start creates one
 * super user from the password the operator gives (ADMIN_PASSWORD), or from one it generates and shows once;
 * every start refuses a data folder where an account still has a password of the demo.
 */
import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword, type ScryptCost } from '../http/auth';
import { ADMIN_COLUMNS, DEMO_ACCOUNTS, STRATEGY_KEYS } from './demo';
import type { Db } from '../store/queryable';
import { seedOnce } from '../store/meta';
import { insertUser } from '../store/users';

/** Every password the demo gives its accounts: public (README, server/README.md). */
export const DEMO_PASSWORDS: readonly string[] = DEMO_ACCOUNTS.map((account) => account.password);
/** The demo's areas (server/seed/*): a production folder marks them done, so a later demo start never fills it. */
const DEMO_AREAS = ['strategies', 'api-accounts', 'aevo', 'tasks', 'paper', 'unilateral'] as const;

/** The shortest password the operator may give the first super user. */
export const MIN_ADMIN_PASSWORD = 12;

/** A refusal to start: the server prints the message and stops. */
export class StartRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartRefused';
  }
}

interface Checked {
  id: number;
  username: string;
  password_hash: string;
}

/** The demo password of `account`, if it has one (its own demo password is tried first). */
async function demoPasswordOf(account: Checked): Promise<string | undefined> {
  const own = DEMO_ACCOUNTS.find((demo) => demo.username === account.username.toLowerCase())?.password;
  const candidates = own ? [own, ...DEMO_PASSWORDS.filter((password) => password !== own)] : DEMO_PASSWORDS;
  for (const password of candidates) if (await verifyPassword(password, account.password_hash)) return password;
  return undefined;
}

/**
 * Refuses to start while an account whose name is a demo account's, or any super user, has one of the demo's
 * passwords (a data folder that was once a demo). Those are the accounts an attacker tries first; checking
 * every user against every demo password would cost a scrypt each at every start.
 */
export async function refuseDemoPasswords(db: Db): Promise<void> {
  const names = DEMO_ACCOUNTS.map((account) => account.username);
  const accounts = await db.all<Checked>(
    `SELECT id, username, password_hash FROM users WHERE is_super = 1 OR lower(username) IN (${names.map(() => '?').join(', ')}) ORDER BY id`,
    names,
  );
  const found: string[] = [];
  for (const account of accounts) if (await demoPasswordOf(account)) found.push(account.username);
  if (found.length === 0) return;
  throw new StartRefused(
    `production start (DEMO=0): ${found.join(', ')} still ${found.length === 1 ? 'has' : 'have'} a password of the demo. ` +
      'Deploy with a new DATA_DIR, or start this folder once as the demo (without DEMO=0), sign in as each of these accounts and change its password.',
  );
}

export interface FirstSuperUser {
  username: string;
  /** set when the server made the password up: shown once, stored nowhere but as a hash. */
  generatedPassword?: string;
}

export interface ProductionSeedOptions {
  username: string;
  /** the operator's password (ADMIN_PASSWORD); none = one is generated. */
  password?: string;
  passwordCost: ScryptCost;
}

function checkAdminPassword(password: string): void {
  if (password.length < MIN_ADMIN_PASSWORD) throw new StartRefused(`ADMIN_PASSWORD must have at least ${MIN_ADMIN_PASSWORD} characters`);
  if (DEMO_PASSWORDS.includes(password)) throw new StartRefused('ADMIN_PASSWORD must not be a password of the demo');
}

/**
 * The first start of a production folder: the first super user (the demo admin's permissions), and the demo's
 * areas marked done with nothing in them. Later starts change nothing and answer undefined.
 */
export async function seedProduction(db: Db, now: number, options: ProductionSeedOptions): Promise<FirstSuperUser | undefined> {
  let created: FirstSuperUser | undefined;
  await seedOnce(db, 'users', now, async () => {
    if (options.password !== undefined) checkAdminPassword(options.password);
    const username = options.username.trim();
    if (!/^[\p{L}\p{N}_.-]{1,32}$/u.test(username)) throw new StartRefused(`ADMIN_USERNAME is not a valid user name: ${username}`);
    const generatedPassword = options.password === undefined ? randomBytes(18).toString('base64url') : undefined;
    await insertUser(db, {
      username,
      passwordHash: await hashPassword(options.password ?? generatedPassword!, options.passwordCost),
      telPhone: '',
      isSuper: 1,
      level: 1,
      pes: 1,
      columns: ADMIN_COLUMNS,
      strategyKeys: [...STRATEGY_KEYS],
      createdAt: now,
    });
    created = { username, generatedPassword };
  });
  for (const area of DEMO_AREAS) await seedOnce(db, area, now, async () => undefined);
  return created;
}
