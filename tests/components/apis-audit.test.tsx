import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '#contract/types/api-accounts';
import AuditPage from '../../src/features/apis/audit';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage, userEvent } from './render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const entry = (id: number): AuditEntry => ({
  id,
  at: new Date(2026, 10, 27, 10, 0, id).getTime(),
  userId: 1,
  apiId: 11,
  bourse_name: 'OKEx',
  method: id % 2 ? 'createOrder' : 'fetchBalance',
  request: `{"clientOrderId":"c-${id}"}`,
  ok: id !== 2,
  reply: id === 2 ? 'okx 51008 Insufficient balance' : `{"id":"o-${id}"}`,
});
const ENTRIES = Array.from({ length: 25 }, (_, i) => entry(25 - i));

describe('audit log', () => {
  it('lists an account’s requests a page at a time, and every account once the filter is cleared', async () => {
    const calls: Record<string, unknown>[] = [];
    server.use(
      onCall('auditLog', ({ payload }) => {
        calls.push(payload);
        const page = Number(payload.page);
        const size = Number(payload.pageSize);
        return envelope({ total: ENTRIES.length, list: ENTRIES.slice((page - 1) * size, page * size) });
      }),
      recordCall('apiNames', [
        { id: 11, name: 'OKEx-main' },
        { id: 12, name: 'Huobi-one' },
      ]).handler,
    );
    renderPage(<AuditPage />, { path: '/api/audit?apiId=11', pattern: '/api/audit' });

    const first = (await screen.findByText('{"clientOrderId":"c-25"}')).closest('tr')!;
    expect(within(first).getByText('2026-11-27 10:00:25')).toBeInTheDocument();
    expect(within(first).getByText('createOrder')).toBeInTheDocument();
    expect(within(first).getByText('成功')).toBeInTheDocument();
    expect(within(first).getByText('{"id":"o-25"}')).toBeInTheDocument();
    await waitFor(() => expect(within(first).getByText('OKEx-main')).toBeInTheDocument());
    expect(calls[0]).toMatchObject({ apiId: '11', page: '1', pageSize: '20' });
    expect(screen.queryByText('{"clientOrderId":"c-5"}')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTitle('2'));
    const failed = (await screen.findByText('okx 51008 Insufficient balance')).closest('tr')!;
    expect(within(failed).getByText('失败')).toBeInTheDocument();
    expect(screen.queryByText('{"clientOrderId":"c-25"}')).not.toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ apiId: '11', page: '2', pageSize: '20' });

    await userEvent.click(screen.getByLabelText('close-circle'));
    await waitFor(() => expect(calls.at(-1)).toEqual({ token: 'admin-token', page: '1', pageSize: '20' }));
  });
});
