import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { endpoints, type EndpointName } from '#contract/endpoints';
import { DEMO_ACCOUNTS, demoAccount, type DemoUserName } from '../../server/demo-accounts';

export const envelope = (data: unknown, code = 200, info = 'ok') => HttpResponse.json({ code, info, data } as JsonBodyType);

/** The permission list of a demo account, as the reference server sends it. */
export function demoPermissions(username: DemoUserName) {
  const account = demoAccount(username);
  return { columns: account.columns, strategy: account.strategyKeys, userName: username, is_super: account.isSuper, level: account.level, pes: account.pes };
}

/** The token of `Authorization: Bearer <token>`, as the console sends it (the server reads it there first). */
const bearerOf = (request: Request): string | undefined => /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];

/** Answers the permission call for the sessions of tests/components/render.tsx (`<name>-token`). */
const permissionsByToken = http.get(`*${endpoints.permissions.path}`, ({ request }) => {
  const token = bearerOf(request) ?? '';
  const name = DEMO_ACCOUNTS.find((a) => token === `${a.username}-token`)?.username;
  return name ? envelope(demoPermissions(name)) : envelope(null, 3, 'session invalid');
});

/** The msw server for component tests; started and reset in each test file that imports it. */
export const server = setupServer(permissionsByToken);

export interface CallRequest {
  /** the payload as the server sees it: query params, JSON body or form fields, merged; `token` from the Authorization header. */
  payload: Record<string, unknown>;
  request: Request;
}

async function payloadOf(request: Request): Promise<Record<string, unknown>> {
  const url = new URL(request.url);
  const bearer = bearerOf(request);
  const payload: Record<string, unknown> = { ...(bearer ? { token: bearer } : {}), ...Object.fromEntries(url.searchParams) };
  if (request.method === 'GET' || request.method === 'HEAD') return payload;
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('json')) return { ...payload, ...((await request.json()) as Record<string, unknown>) };
  if (type.includes('form')) {
    const form = await request.formData();
    form.forEach((value, key) => {
      payload[key] = value;
    });
  }
  return payload;
}

/** Answers one call of the contract, found by name: `onCall('apiList', () => envelope([...]))`. */
export function onCall(name: EndpointName, respond: (call: CallRequest) => Response | Promise<Response>) {
  const { method, path } = endpoints[name];
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  return http[verb](`*${path}`, async ({ request }) => respond({ payload: await payloadOf(request.clone()), request }));
}

/** Records the payloads a call received, answering each with `data`. */
export function recordCall(name: EndpointName, data: unknown = null) {
  const calls: Record<string, unknown>[] = [];
  const handler = onCall(name, ({ payload }) => {
    calls.push(payload);
    return envelope(data);
  });
  return { calls, handler };
}
