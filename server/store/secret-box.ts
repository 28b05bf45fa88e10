import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Secrets at rest: AES-256-GCM with a fresh 12-byte IV per value, under a 32-byte key kept outside the
 * database (DATA_DIR/secret.key, or SECRET_KEY_FILE), owner-only (0600). A sealed value reads
 * `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url); the key id is the start of the key's SHA-256, so a
 * start with the wrong key file is refused by name instead of failing later. `purpose` (the column) is bound
 * in as associated data: a sealed value copied into another column does not open.
 */

const PREFIX = 'enc:v1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;

export const isSealed = (value: string): boolean => value.startsWith(PREFIX);
/** The id of the key a sealed value was sealed with. */
export const sealedKeyId = (value: string): string => value.slice(PREFIX.length).split(':')[0] ?? '';

const keyIdOf = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 12);
const b64 = (bytes: Buffer): string => bytes.toString('base64url');

export class SecretBox {
  readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`a secret key has ${KEY_BYTES} bytes, not ${key.length}`);
    this.keyId = keyIdOf(key);
  }

  /** The sealed form of `plain`; an empty value stays empty (it means "none"). */
  seal(plain: string, purpose: string): string {
    if (plain === '') return '';
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(purpose));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${this.keyId}:${b64(iv)}:${b64(cipher.getAuthTag())}:${b64(data)}`;
  }

  /** The plain value of a sealed one; throws on a value that is not sealed, sealed under another key, or altered. */
  open(sealed: string, purpose: string): string {
    if (sealed === '') return '';
    if (!isSealed(sealed)) throw new Error(`${purpose}: the stored value is not sealed`);
    const [keyId, iv, tag, data] = sealed.slice(PREFIX.length).split(':');
    if (keyId !== this.keyId) throw new Error(`${purpose}: sealed under key ${keyId}, this key is ${this.keyId}`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv ?? '', 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data ?? '', 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** Where the key of a data folder is: SECRET_KEY_FILE when given, else DATA_DIR/secret.key. */
export const secretKeyPath = (dataDir: string, override?: string): string => path.resolve(override || path.join(dataDir, 'secret.key'));

/** A refusal to start that names the key file and what to do: the server prints it and stops. */
export class SecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretKeyError';
  }
}

const exists = async (file: string): Promise<boolean> =>
  stat(file).then(
    () => true,
    (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
  );

/** Reads a key file: 64 hex digits; refused when others than its owner may read it (as ssh does with its keys). */
export async function readKeyFile(file: string): Promise<SecretBox> {
  const info = await stat(file);
  if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) {
    const mode = (info.mode & 0o777).toString(8).padStart(4, '0');
    throw new SecretKeyError(`the secret key file ${file} may be read by other users (mode ${mode}): chmod 600 ${file}`);
  }
  const text = (await readFile(file, 'utf8')).trim();
  if (!/^[0-9a-f]{64}$/.test(text)) throw new SecretKeyError(`the secret key file ${file} does not hold a key (64 hex digits)`);
  return new SecretBox(Buffer.from(text, 'hex'));
}

/** Writes a fresh key to `file` (which must not exist), readable and writable by its owner only. */
export async function writeNewKeyFile(file: string): Promise<SecretBox> {
  const key = randomBytes(KEY_BYTES);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  // the mode given to writeFile passes through the umask; say it outright
  await chmod(file, 0o600);
  return new SecretBox(key);
}

/** The key of `file`, created on the first start (when nothing sealed needs an older one). */
export async function loadOrCreateKey(file: string, sealedKeyIds: ReadonlySet<string>): Promise<SecretBox> {
  if (await exists(file)) return readKeyFile(file);
  if (sealedKeyIds.size > 0) {
    throw new SecretKeyError(
      `the secret key file ${file} is missing, and the API secrets of this data folder are encrypted with key ${[...sealedKeyIds].join(', ')}: ` +
        'restore that file from your backup (or point SECRET_KEY_FILE at it); see docs/DEPLOY.md "Secret key"',
    );
  }
  return writeNewKeyFile(file);
}
