import { rename, rm } from 'node:fs/promises';
import type { Db } from '../store/queryable';
import { resealSecrets, sealedSecretKeyIds } from '../store/api-accounts';
import { loadOrCreateKey, readKeyFile, SecretKeyError, writeNewKeyFile, type SecretBox } from '../store/secret-box';

/**
 * The secrets of a data folder at start and at a key rotation (docs/DEPLOY.md "Secret key"). The key file
 * must be the one the stored secrets were sealed with; plaintext secrets (a folder of the versions before
 * sealing) are sealed on the spot, and the database is rewritten so no plaintext copy stays in its free pages.
 */

/** Where a rotation writes the new key before the database uses it; a rotation cut short leaves it behind. */
export const nextKeyPath = (keyFile: string): string => `${keyFile}.next`;
/** Where a rotation moves the old key: it opens only the backups made before the rotation. */
export const retiredKeyPath = (keyFile: string, keyId: string): string => `${keyFile}.retired-${keyId}`;

async function keyIdOfFile(file: string): Promise<string | undefined> {
  try {
    return (await readKeyFile(file)).keyId;
  } catch {
    return undefined;
  }
}

/** Refuses a key file that is not the one the stored secrets are sealed with, saying which is. */
async function checkKeyMatches(box: SecretBox, keyFile: string, sealedIds: ReadonlySet<string>): Promise<void> {
  const others = [...sealedIds].filter((id) => id !== box.keyId);
  if (others.length === 0) return;
  const next = nextKeyPath(keyFile);
  if (others.length === 1 && (await keyIdOfFile(next)) === others[0]) {
    throw new SecretKeyError(
      `a key rotation was cut short: the API secrets are sealed with the new key in ${next}, not with ${keyFile} (key ${box.keyId}). ` +
        `Finish it: mv ${keyFile} ${retiredKeyPath(keyFile, box.keyId)} && mv ${next} ${keyFile}`,
    );
  }
  throw new SecretKeyError(
    `the secret key file ${keyFile} holds key ${box.keyId}, but the API secrets of this data folder are sealed with key ${others.join(', ')}: ` +
      'restore the right key file from your backup (or point SECRET_KEY_FILE at it)',
  );
}

/** Rewrites the database file from its live rows and empties the write-ahead log: old values leave the disk. */
async function compact(db: Db): Promise<void> {
  await db.run('VACUUM');
  await db.get('PRAGMA wal_checkpoint(TRUNCATE)');
}

/** At start: the key (created with mode 0600 on a first start), checked against the stored secrets, which end up all sealed. */
export async function openSecrets(db: Db, keyFile: string): Promise<SecretBox> {
  const sealedIds = await sealedSecretKeyIds(db);
  const box = await loadOrCreateKey(keyFile, sealedIds);
  await checkKeyMatches(box, keyFile, sealedIds);
  const sealed = await db.transaction((tx) => resealSecrets(tx, box));
  if (sealed > 0) await compact(db);
  return box;
}

export interface Rotation {
  oldKeyId: string;
  newKeyId: string;
  /** where the old key went: it opens only the backups made before the rotation. */
  retiredKeyFile: string;
  /** how many stored values were sealed again. */
  resealed: number;
}

/**
 * Seals every stored secret under a fresh key, with the server stopped: the new key is written beside the
 * old one (`<key>.next`), the secrets are sealed again in one transaction, then the old key moves to
 * `<key>.retired-<id>` and the new one takes its place. Cut short before the commit, nothing changed; after
 * it, the next start says which two renames finish the job.
 */
export async function rotateKey(db: Db, keyFile: string): Promise<Rotation> {
  const old = await openSecrets(db, keyFile);
  const next = nextKeyPath(keyFile);
  // left by a rotation cut short before its commit: nothing is sealed with it (openSecrets checked)
  await rm(next, { force: true });
  const fresh = await writeNewKeyFile(next);
  const resealed = await db.transaction((tx) => resealSecrets(tx, fresh, old));
  const retiredKeyFile = retiredKeyPath(keyFile, old.keyId);
  await rename(keyFile, retiredKeyFile);
  await rename(next, keyFile);
  await compact(db);
  return { oldKeyId: old.keyId, newKeyId: fresh.keyId, retiredKeyFile, resealed };
}
