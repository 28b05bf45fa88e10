import type { Service } from '#contract/endpoints';

/** Runtime config (public/config.json), loaded before the app mounts: one build serves any backend. */
export interface RuntimeConfig {
  /** base URL per service; '' = same origin as the console. */
  services: Record<Service, string>;
  /** websocket base (ws:// or wss://); '' = derived from the page's origin. */
  websocket: string;
  /** which captcha the login page shows. */
  captcha: 'slider';
  /** a call with no reply after this long fails as a timeout. */
  requestTimeoutMs: number;
}

const fallback: RuntimeConfig = {
  services: { main: '', task: '', order: '', change: '' },
  websocket: '',
  captcha: 'slider',
  requestTimeoutMs: 20_000,
};

let current: RuntimeConfig = fallback;

export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  try {
    const res = await fetch(url, { cache: 'no-store' });
    if (res.ok) current = { ...fallback, ...((await res.json()) as Partial<RuntimeConfig>) };
  } catch {
    current = fallback;
  }
  return current;
}

export const runtimeConfig = (): RuntimeConfig => current;

export function setRuntimeConfig(config: Partial<RuntimeConfig>): void {
  current = { ...fallback, ...config };
}

/** Base for a websocket of a service: explicit websocket base, else the service URL, else the page. */
export function websocketBase(service: Service): string {
  const { websocket, services } = current;
  if (websocket) return websocket.replace(/\/$/, '');
  const http = services[service] || (typeof location !== 'undefined' ? location.origin : 'http://localhost');
  return http.replace(/^http/, 'ws').replace(/\/$/, '');
}
