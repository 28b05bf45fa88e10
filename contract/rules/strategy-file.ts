/**
 * Strategy upload rule of spec §5: the main file must begin with a hash comment whose
 * slash-delimited second segment parses as JSON default parameters, e.g.
 *
 *     # demo/{"dlt":0.1,"m":2}/v1
 *
 * The reference server applies the same rule (server/handlers/strategies.ts parseMainFileHeader)
 * and the same size limit, so the console refuses early what the server would refuse anyway.
 */

/** Largest strategy file (main or dependency) the server accepts: 2 MiB, as server/handlers/strategies.ts. */
export const MAX_STRATEGY_FILE_BYTES = 2 * 1024 * 1024;

/** The default parameters in the main file's first line, or null when the header is invalid. */
export function parseStrategyHeader(text: string): Record<string, unknown> | null {
  const firstLine =
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/, 1)[0]
      ?.trim() ?? '';
  if (!firstLine.startsWith('#')) return null;
  const segment = firstLine.split('/')[1];
  if (segment === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(segment.trim());
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return parsed as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Why a strategy file was refused: over the size limit, not text, or no valid header. */
export type StrategyFileProblem = 'tooLarge' | 'binary' | 'unparsable';

export type StrategyFileCheck = { ok: true; params: Record<string, unknown> } | { ok: false; problem: StrategyFileProblem };

/** Checks the bytes of a main file: text (UTF-8, no NUL byte) whose first line is a valid header. */
export function checkStrategyBytes(bytes: Uint8Array): StrategyFileCheck {
  if (bytes.length > MAX_STRATEGY_FILE_BYTES) return { ok: false, problem: 'tooLarge' };
  if (bytes.includes(0)) return { ok: false, problem: 'binary' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: 'binary' };
  }
  const params = parseStrategyHeader(text);
  return params ? { ok: true, params } : { ok: false, problem: 'unparsable' };
}
