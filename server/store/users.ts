import type { Queryable } from './queryable';

export interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  tel_phone: string;
  is_super: number;
  level: number;
  pes: number;
  columns: string;
  strategy_keys: string;
  created_at: number;
}

export interface NewUser {
  username: string;
  passwordHash: string;
  telPhone: string;
  isSuper: number;
  level: number;
  pes: number;
  columns: string[];
  strategyKeys: string[];
  createdAt: number;
}

export const findUserByName = (db: Queryable, username: string) => db.get<UserRow>('SELECT * FROM users WHERE username = ?', [username]);

export const findUserById = (db: Queryable, id: number) => db.get<UserRow>('SELECT * FROM users WHERE id = ?', [id]);

const insertStatement = (user: NewUser) => ({
  sql: `INSERT INTO users (username, password_hash, tel_phone, is_super, level, pes, columns, strategy_keys, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  args: [
    user.username,
    user.passwordHash,
    user.telPhone,
    user.isSuper,
    user.level,
    user.pes,
    JSON.stringify(user.columns),
    JSON.stringify(user.strategyKeys),
    user.createdAt,
  ],
});

export async function insertUser(db: Queryable, user: NewUser): Promise<number> {
  const { sql, args } = insertStatement(user);
  return (await db.run(sql, args)).lastId;
}

export const insertUsers = (db: Queryable, users: NewUser[]) => db.batch(users.map(insertStatement));

/** Replaces the password hash if it is still `previous`; false when another change came first. */
export async function setPasswordHash(db: Queryable, id: number, hash: string, previous: string): Promise<boolean> {
  const { changes } = await db.run('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?', [hash, id, previous]);
  return changes === 1;
}
