// The reference server as a process of its own (`tsx server/main.ts`, as `npm run server` starts it), for the specs
// that kill it with SIGKILL and start it again on the same data folder (restart.spec.ts, restart-orders.spec.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from './harness';

export interface ServerProcess {
  child: ChildProcess;
  /** when it printed its URL (performance.now(), for elapsed times): it listens from then on */
  readyAt: number;
}

/** Starts the server on this port and data folder, with the simulated market; `exchangeUrls`: EXCHANGE_URLS (the loopbacks' urls.api). */
export function startProcess(port: number, dataDir: string, exchangeUrls: Record<number, object>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      MARKET_SOURCE: 'sim',
      LOG: '',
      EXCHANGE_URLS: JSON.stringify(exchangeUrls),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`http://127.0.0.1:${port}`)) {
        child.stdout!.off('data', read);
        resolve({ child, readyAt: performance.now() });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it listened:\n${output}`)));
  });
}

export const exited = (server: ServerProcess): boolean => server.child.exitCode !== null || server.child.signalCode !== null;

/** SIGKILL: the server gets no chance to close anything. Resolves once it has exited. */
export function kill(server: ServerProcess): Promise<void> {
  return new Promise((resolve) => {
    if (exited(server)) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}
