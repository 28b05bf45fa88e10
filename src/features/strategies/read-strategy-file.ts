import { checkStrategyBytes, MAX_STRATEGY_FILE_BYTES, type StrategyFileCheck } from '#contract/rules/strategy-file';

/** True when a file is within the server's size limit (dependency files are not parsed). */
export const withinStrategyFileLimit = (file: { size: number }): boolean => file.size <= MAX_STRATEGY_FILE_BYTES;

function readBytes(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

/** Reads a chosen main file; a file over the limit is refused without being read. */
export async function readStrategyFile(file: Blob): Promise<StrategyFileCheck> {
  if (!withinStrategyFileLimit(file)) return { ok: false, problem: 'tooLarge' };
  try {
    return checkStrategyBytes(await readBytes(file));
  } catch {
    return { ok: false, problem: 'unparsable' };
  }
}
