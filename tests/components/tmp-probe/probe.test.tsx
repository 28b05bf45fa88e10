import { act, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import TaskDetailPage from '../../../src/pages/task-detail';
import { onCall, server } from '../msw';
import { renderPage } from '../render';
import { taskPageSetup } from '../task-helpers';
taskPageSetup();
let qc: QueryClient;
let nt: any;
function H() { qc = useQueryClient(); nt = App.useApp().notification; return null; }
it('probe', async () => {
  let n = 0;
  server.use(onCall('orderNewest', () => { n++; return new HttpResponse('<html>', { status: 502, headers: { 'content-type': 'text/html' } }); }));
  renderPage(<><H /><TaskDetailPage /></>, { path: '/task/taskDetail?id=7', pattern: '/task/taskDetail' });
  await screen.findAllByText('服务器返回的数据无法识别，请稍后重试', { selector: '.ant-notification-notice-description' });
  qc.getQueryCache().subscribe((e) => console.log('EV', e.type, e.query.queryKey.length, e.query.state.status, (e as any).action?.type));
  console.log('queries', qc.getQueryCache().getAll().map((q) => [JSON.stringify(q.queryKey).slice(0, 120), q.state.status, q.getObserversCount()]));
  act(() => nt.destroy());
  await act(async () => {});
  console.log('after destroy', document.querySelectorAll('.ant-notification-notice').length);
  await act(async () => { await qc.resetQueries(); });
  await new Promise((r) => setTimeout(r, 500));
  console.log('n', n, document.querySelectorAll('.ant-notification-notice').length);
});
