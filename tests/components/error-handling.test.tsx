import { screen, waitFor } from '@testing-library/react';
import { useList } from '@refinedev/core';
import { http, HttpResponse } from 'msw';
import { LazyPage } from '../../src/components/lazy-page';
import { apisResource } from '../../src/features/apis';
import { server } from './msw';
import { renderPage, userEvent } from './render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function AccountNames() {
  const { result } = useList({ resource: 'probe', meta: apisResource.meta });
  return (
    <ul>
      {result.data.map((row) => (
        <li key={String(row.id)}>{String(row.name)}</li>
      ))}
    </ul>
  );
}

describe('a reply that is not an envelope', () => {
  it.each([
    [
      'an HTML error page',
      () => new HttpResponse('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      '服务器返回的数据无法识别，请稍后重试',
    ],
    ['broken JSON', () => new HttpResponse('{"code":2', { headers: { 'content-type': 'application/json' } }), '服务器返回的数据无法识别，请稍后重试'],
    ['a network failure', () => HttpResponse.error(), '网络错误，请检查网络连接'],
  ])('%s becomes a notification titled 提示, not a white screen', async (_, reply, text) => {
    server.use(http.get('*/api/list', reply));
    renderPage(<AccountNames />, { path: '/probe' });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('提示')).toBeInTheDocument();
    expect(screen.getByRole('list')).toBeInTheDocument();
  });

  it('a business error shows the server info', async () => {
    server.use(http.get('*/api/list', () => HttpResponse.json({ code: 500, info: '交易所维护中' })));
    renderPage(<AccountNames />, { path: '/probe' });
    expect(await screen.findByText('交易所维护中')).toBeInTheDocument();
  });
});

describe('page error boundary', () => {
  it('shows the error with a retry instead of a white screen, and retry loads the page again', async () => {
    let attempts = 0;
    const load = () =>
      ++attempts === 1 ? Promise.reject(new Error('Failed to fetch dynamically imported module')) : Promise.resolve({ default: () => <p>page body</p> });
    renderPage(<LazyPage load={load} />);
    expect(await screen.findByText('页面出错了')).toBeInTheDocument();
    expect(screen.getByTestId('boundary-detail')).toHaveTextContent('Failed to fetch dynamically imported module');
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('page body')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('catches a page that throws while rendering', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('cannot read equity of undefined');
    }
    renderPage(<LazyPage load={() => Promise.resolve({ default: Broken })} />);
    expect(await screen.findByText('页面出错了')).toBeInTheDocument();
    expect(screen.getByTestId('boundary-detail')).toHaveTextContent('cannot read equity of undefined');
    await waitFor(() => expect(spy).toHaveBeenCalled());
    spy.mockRestore();
  });
});
