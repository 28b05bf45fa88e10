import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '../store/db';
import { rotateKey } from './at-rest';
import { secretKeyPath } from '../store/secret-box';

/**
 * `DATA_DIR=./data npx tsx server/secrets/cli.ts rotate-key`, with the server stopped: seals every stored
 * API secret under a fresh key (SECRET_KEY_FILE when the key is not DATA_DIR/secret.key). docs/DEPLOY.md "Secret key".
 */

const USAGE = 'usage: DATA_DIR=./data [SECRET_KEY_FILE=…] npx tsx server/secrets/cli.ts rotate-key   (stop the server first)';

/** Runs one command; returns the exit code. Writes only key ids and paths, never a key or a secret. */
export async function runSecretsCommand(argv: readonly string[], env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<number> {
  if (argv[0] !== 'rotate-key' || argv.length !== 1) {
    print(USAGE);
    return 2;
  }
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const keyFile = secretKeyPath(dataDir, env.SECRET_KEY_FILE);
  if (!existsSync(path.join(dataDir, 'console.db'))) {
    print(`No data folder at ${dataDir} (no console.db): set DATA_DIR.`);
    return 1;
  }
  if (!existsSync(keyFile)) {
    print(`No secret key at ${keyFile}: start the server once (it creates the key), or set SECRET_KEY_FILE.`);
    return 1;
  }
  const db = await openDb(dataDir);
  try {
    const rotation = await rotateKey(db, keyFile);
    print(`Secret key rotated: ${rotation.oldKeyId} → ${rotation.newKeyId} (${rotation.resealed} stored values sealed again).`);
    print(`New key: ${keyFile} — back it up now, apart from the database backups.`);
    print(`Old key: ${rotation.retiredKeyFile} — it opens only the backups made before now; keep it with them, or delete it.`);
    return 0;
  } finally {
    db.close();
  }
}

const entry = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (entry === fileURLToPath(import.meta.url)) {
  runSecretsCommand(process.argv.slice(2), process.env, (line) => console.log(line)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
