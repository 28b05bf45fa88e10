import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import i18n from '../../src/providers/i18n';
import { send } from '../../src/api/client';
import { setRuntimeConfig } from '../../src/api/config';

/** The server answers in the language the console shows: every call names it in Accept-Language. */
const server = setupServer();
const BASE = 'http://console.test';
let before = '';
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  setRuntimeConfig({ services: { main: BASE, task: BASE, order: BASE, change: BASE } });
  before = i18n.language;
});
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  setRuntimeConfig({});
  await i18n.changeLanguage(before);
});

describe("the console's calls", () => {
  it.each(['zh-TW', 'en', 'zh-CN'])('say the language shown (%s) in Accept-Language', async (lng) => {
    await i18n.changeLanguage(lng);
    let acceptLanguage: string | null = null;
    server.use(
      http.get(`${BASE}/api/name`, ({ request }) => {
        acceptLanguage = request.headers.get('accept-language');
        return HttpResponse.json({ code: 200, data: [] });
      }),
    );
    await send('apiNames', { all: 1 });
    expect(acceptLanguage).toBe(lng);
  });
});
