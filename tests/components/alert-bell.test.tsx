import { act, screen, waitFor, within } from '@testing-library/react';
import AlertBell from '../../src/components/alert-bell';
import { SpreadAlertButton } from '../../src/components/alert-bell/spread-threshold';
import { savePrefs } from '../../src/components/alert-bell/prefs';
import type { AlertItem } from '#contract/rules/alerts';
import { FeedManager } from '../../src/live/manager';
import { FakeSocket } from '../unit/fake-socket';
import { ManualFrames } from '../unit/live-harness';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage, userEvent } from './render';
import { taskPageSetup } from './task-helpers';

const alert = (id: number, over: Partial<AlertItem> = {}): AlertItem => ({
  id,
  ruleId: 1,
  kind: 'abnormal',
  params: { task: 7, order: 100 + id, status: 8 },
  at: Date.UTC(2026, 10, 25, 4, id),
  read: false,
  sent: false,
  link: { task: 7 },
  ...over,
});
const SPREAD = alert(1, {
  kind: 'spread',
  params: { currency: 'BTC', field: 'positive', direction: 'above', value: 0.0312, threshold: 0.03, table: '1-2-1-4' },
  link: { table: [1, 2, 1, 4], currency: 'btc' },
  sent: true,
});

let frames: ManualFrames;
let manager: FeedManager;
const socket = () => [...FakeSocket.instances].reverse().find((s) => new URL(s.url).pathname === '/alert/ws')!;
/** The server side of /alert/ws: one message, delivered at the next frame. */
const push = (unread: number, latest: AlertItem[], voiceIntervalTime = 60) =>
  act(() => {
    if (socket().readyState !== 1) socket().open();
    socket().receive(JSON.stringify({ code: 200, data: { unread, latest, voiceIntervalTime } }));
    frames.run();
  });
const bell = () => screen.getByTestId('alert-bell');

taskPageSetup();
beforeEach(() => {
  frames = new ManualFrames();
  manager = new FeedManager({ random: () => 0.5, requestFrame: frames.request, getToken: () => 'admin-token' });
});
afterEach(() => manager.closeAll());

describe('the alert bell', () => {
  it('counts the unread alerts, lists the log newest first with a link to each task or table, and marks all read', async () => {
    const read = recordCall('alertRead', { unread: 0 });
    const pages: unknown[] = [];
    server.use(
      read.handler,
      onCall('alertList', ({ payload }) => {
        pages.push(payload);
        return envelope({
          list: read.calls.length ? [alert(2, { read: true }), { ...SPREAD, read: true }] : [alert(2), SPREAD],
          total: 2,
          unread: read.calls.length ? 0 : 2,
        });
      }),
    );
    renderPage(<AlertBell manager={manager} />);
    expect(bell()).toHaveAccessibleName('提醒');
    push(2, [alert(2), SPREAD]);
    expect(bell()).toHaveAccessibleName('提醒（2 条未读）');
    expect(bell()).toHaveAttribute('data-feed-state', 'live');
    // the log as it was when the page opened is not announced
    expect(document.querySelector('.ant-notification-notice')).toBeNull();

    await userEvent.click(bell());
    const items = await screen.findAllByTestId('alert-item');
    expect(pages[0]).toMatchObject({ page: '1', size: '10' });
    expect(items.map((item) => within(item).getByText(/任务|BTC/).textContent)).toEqual([
      '任务 7 的订单 102 异常结束（状态 8）',
      'BTC 正向价差 0.0312% 高于阈值 0.03%（1-2-1-4）',
    ]);
    expect(within(items[0]!).getByRole('link', { name: '查看' })).toHaveAttribute('href', '/task/taskDetail?id=7');
    expect(within(items[1]!).getByRole('link', { name: '查看' })).toHaveAttribute('href', '/market#1-2-1-4');
    expect(within(items[1]!).getByText('已发短信')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('提醒'));
    expect(read.calls).toEqual([{ token: 'admin-token' }]);
    await waitFor(() => expect(screen.queryAllByText('未读')).toEqual([]));
  });

  it('shows a notification for each new alert and, with speech on, speaks at most once per voiceIntervalTime', async () => {
    vi.useFakeTimers();
    const spoken: { text: string; lang: string }[] = [];
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        constructor(readonly text: string) {}
      },
    );
    vi.stubGlobal('speechSynthesis', { speak: (utterance: { text: string; lang: string }) => spoken.push({ text: utterance.text, lang: utterance.lang }) });
    savePrefs({ speech: true });
    renderPage(<AlertBell manager={manager} />);
    push(0, []);

    push(1, [alert(3)]);
    expect(await screen.findByText('任务 7 的订单 103 异常结束（状态 8）')).toBeInTheDocument();
    expect(spoken).toEqual([{ text: '任务 7 的订单 103 异常结束（状态 8）', lang: 'zh-CN' }]);

    act(() => vi.advanceTimersByTime(59_000));
    push(2, [alert(4), alert(3)]);
    expect(await screen.findByText('任务 7 的订单 104 异常结束（状态 8）')).toBeInTheDocument();
    expect(spoken).toHaveLength(1); // 59 s after the last one: shown, not spoken

    act(() => vi.advanceTimersByTime(1_000));
    push(3, [alert(5), alert(4), alert(3)]);
    expect(await screen.findByText('任务 7 的订单 105 异常结束（状态 8）')).toBeInTheDocument();
    expect(spoken.map((s) => s.text)).toEqual(['任务 7 的订单 103 异常结束（状态 8）', '任务 7 的订单 105 异常结束（状态 8）']);

    // speech off (the switch in the panel, remembered): shown only
    server.use(onCall('alertList', () => envelope({ list: [], total: 0, unread: 3 })));
    await userEvent.click(bell());
    await userEvent.click(await screen.findByRole('switch', { name: '语音播报' }));
    expect(JSON.parse(localStorage.getItem('alerts.prefs')!)).toMatchObject({ speech: false });
    act(() => vi.advanceTimersByTime(120_000));
    push(4, [alert(6)]);
    expect(await screen.findByText('任务 7 的订单 106 异常结束（状态 8）')).toBeInTheDocument();
    expect(spoken).toHaveLength(2);
  });

  it("notifies once when one of the console's sockets has been reconnecting longer than this browser's setting", async () => {
    vi.useFakeTimers();
    savePrefs({ socketSeconds: 20 });
    renderPage(<AlertBell manager={manager} />);
    push(0, []);
    act(() => socket().drop());
    act(() => vi.advanceTimersByTime(19_000));
    expect(screen.queryByText(/推送已重连超过/)).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(await screen.findByText('控制台的提醒推送已重连超过 20 秒')).toBeInTheDocument();
  });

  it("a /market row's bell sets that row's spread threshold, and shows the rule once saved", async () => {
    const saved = recordCall('alertRuleSave', { id: 9 });
    let rules: unknown[] = [];
    server.use(
      saved.handler,
      onCall('alertRuleList', () => envelope(rules)),
    );
    renderPage(<SpreadAlertButton table={[1, 2, 1, 4]} currency="eth" />);
    const button = await screen.findByRole('button', { name: '设置 ETH 价差提醒' });
    await waitFor(() => expect(button).toHaveAttribute('data-active', 'false'));
    await userEvent.click(button);
    await userEvent.click(await screen.findByText('反向价差'));
    await userEvent.click(screen.getByText('低于'));
    const value = screen.getByRole('spinbutton', { name: '阈值（%）' });
    await userEvent.clear(value);
    await userEvent.type(value, '-0.05');
    rules = [
      {
        id: 9,
        kind: 'spread',
        table: [1, 2, 1, 4],
        currency: 'eth',
        field: 'negative',
        direction: 'below',
        threshold: -0.05,
        cooldownSeconds: 60,
        beyond: false,
      },
    ];
    await userEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    await waitFor(() => expect(button).toHaveAttribute('data-active', 'true'));
    expect(saved.calls).toEqual([
      { token: 'admin-token', kind: 'spread', table: [1, 2, 1, 4], currency: 'eth', field: 'negative', direction: 'below', threshold: -0.05 },
    ]);
  });

  it('the rule dialog saves the task and feed rules on the server and the socket rule in this browser', async () => {
    const saved = recordCall('alertRuleSave', { id: 1 });
    const removed = recordCall('alertRuleDelete');
    server.use(
      saved.handler,
      removed.handler,
      onCall('alertRuleList', () => envelope([{ id: 4, kind: 'feed', seconds: 30, cooldownSeconds: 120, beyond: false }])),
      onCall('alertList', () => envelope({ list: [], total: 0, unread: 0 })),
    );
    renderPage(<AlertBell manager={manager} />);
    await userEvent.click(bell());
    await userEvent.click(await screen.findByRole('button', { name: /提醒规则/ }));
    const dialog = await screen.findByRole('dialog');
    const unbalanced = await within(dialog).findByRole('switch', { name: '任务单边持仓超过（秒）' });
    expect(within(dialog).getByRole('switch', { name: '交易所行情中断超过（秒）' })).toBeChecked();
    expect(within(dialog).getByRole('spinbutton', { name: '同一规则再次提醒的最短间隔（秒）' })).toHaveValue('120');
    await userEvent.click(unbalanced);
    const seconds = within(dialog).getByRole('spinbutton', { name: '任务单边持仓超过（秒）' });
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '90');
    await userEvent.click(within(dialog).getByRole('switch', { name: '交易所行情中断超过（秒）' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: '本浏览器推送重连超过（秒）' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /^保\s*存$/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved.calls).toEqual([{ token: 'admin-token', kind: 'unbalanced', seconds: 90, cooldownSeconds: 120 }]);
    expect(removed.calls).toEqual([{ token: 'admin-token', id: '4' }]);
    expect(JSON.parse(localStorage.getItem('alerts.prefs')!)).toMatchObject({ socketSeconds: 0 });
  });
});
