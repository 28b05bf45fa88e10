/**
 * The slider captcha's proof of work. The server hands out a random challenge and a difficulty (leading
 * zero bits); when the slider reaches the end, the console looks for a nonce such that
 * SHA-256(challenge + nonce) starts with that many zero bits, and answers
 * `geetest_validate` = the nonce, `geetest_seccode` = that digest in hex. The server checks it with one hash
 * (server/http/auth.ts). Each further bit doubles the expected work (2^difficulty hashes on average): it costs
 * a script that signs in often real time, and a person one short wait. It does not tell a person from a
 * script.
 */

/** SHA-256 of a text's UTF-8 bytes: WebCrypto in the browser, node:crypto on the server and in tests. */
export type Digest = (text: string) => Promise<Uint8Array> | Uint8Array;

/** The highest difficulty a challenge may ask for (2^32 hashes would take a browser hours). */
export const MAX_CAPTCHA_DIFFICULTY = 32;

/** How many zero bits a digest starts with. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

export interface CaptchaWork {
  nonce: string;
  /** SHA-256(challenge + nonce), hex. */
  digest: string;
}

/**
 * Finds the first nonce (0, 1, 2… as decimal text) whose digest has `difficulty` leading zero bits. Hashes
 * in batches so an asynchronous digest (WebCrypto) runs many at once; `cancelled` is asked between batches
 * (the slider went away or a new challenge came): the search then ends with null.
 */
export async function proveWork(
  challenge: string,
  difficulty: number,
  digest: Digest,
  cancelled: () => boolean = () => false,
  batch = 256,
): Promise<CaptchaWork | null> {
  const wanted = Math.max(0, Math.min(MAX_CAPTCHA_DIFFICULTY, Math.floor(difficulty)));
  for (let start = 0; !cancelled(); start += batch) {
    const nonces = Array.from({ length: batch }, (_, i) => String(start + i));
    const digests = await Promise.all(nonces.map((nonce) => digest(challenge + nonce)));
    const found = digests.findIndex((bytes) => leadingZeroBits(bytes) >= wanted);
    if (found >= 0) return { nonce: nonces[found]!, digest: toHex(digests[found]!) };
  }
  return null;
}

/** The login's captcha fields for a challenge and its proof of work (the shape of contract/types/account.ts CaptchaAnswer). */
export const captchaFields = (challenge: string, work: CaptchaWork) => ({
  geetest_challenge: challenge,
  geetest_validate: work.nonce,
  geetest_seccode: work.digest,
});
