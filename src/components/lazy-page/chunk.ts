import { INTERVALS } from '#contract/rules/constants';

/** A screen chunk that has not loaded after 120 s is an error (spec §8). */
export class ChunkTimeoutError extends Error {
  constructor() {
    super('chunk load timeout');
    this.name = 'ChunkTimeoutError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number = INTERVALS.chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
