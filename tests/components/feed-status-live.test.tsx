import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Refine, useList, useOne, type DataProvider } from '@refinedev/core';
import { useRef } from 'react';
import { setRuntimeConfig } from '../../src/api/config';
import { ShellFeedStatus } from '../../src/components/feed-status';
import { FeedManager } from '../../src/live/manager';
import { useFeed } from '../../src/live/use-feed';
import { useLiveResource, useLiveResourceCache } from '../../src/providers/use-live-resource';
import i18n from '../../src/providers/i18n';
import { createLiveProvider } from '../../src/providers/live';
import { clearSession, saveSession } from '../../src/providers/session';
import { FakeSocket } from '../unit/fake-socket';
import { ManualFrames } from '../unit/live-harness';

const last = () => FakeSocket.instances[FakeSocket.instances.length - 1];
const taskReply = (...tasks: Array<{ id: number; status: number }>) => JSON.stringify({ code: 200, data: tasks });

let frames: ManualFrames;
let manager: FeedManager;

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  setRuntimeConfig({ websocket: 'ws://feeds.test' });
  saveSession({ token: 'tok', userName: 'alice', level: 1, isSuper: false, kind: 'normal' });
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  frames = new ManualFrames();
  manager = new FeedManager({ random: () => 0.5, requestFrame: frames.request });
  void i18n.changeLanguage('en');
});

afterEach(() => {
  manager.closeAll();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
  setRuntimeConfig({});
});

describe('useFeed', () => {
  it('subscribes while mounted, ignores same-content params, pushes new params, closes on unmount', () => {
    vi.useFakeTimers();
    const { result, rerender, unmount } = renderHook(({ ids }: { ids: number[] }) => useFeed('task', ids, { manager }), {
      initialProps: { ids: [1] },
    });
    expect(FakeSocket.instances).toHaveLength(1);
    expect(result.current.state).toBe('connecting');

    act(() => last().open());
    expect(result.current.state).toBe('live');
    act(() => {
      last().receive(taskReply({ id: 1, status: 2 }, { id: 5, status: 3 }));
      frames.run();
    });
    expect(result.current.data).toEqual({ data: [{ id: 1, status: 2 }] });
    expect(result.current.lastMessageAt).toBe(Date.now());

    rerender({ ids: [1] });
    expect(last().sent).toHaveLength(1);
    rerender({ ids: [1, 2] });
    expect(FakeSocket.instances).toHaveLength(1);
    expect(JSON.parse(last().sent[1]).data).toEqual([1, 2]);

    unmount();
    expect(last().closeCalls).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(frames.pending).toBe(0);
  });

  it('does not subscribe when disabled', () => {
    const { result } = renderHook(() => useFeed('demand', undefined, { manager, enabled: false }));
    expect(FakeSocket.instances).toHaveLength(0);
    expect(result.current).toEqual({ data: undefined, state: 'idle', lastMessageAt: null, error: null });
  });

  it('renders once per animation frame however fast messages come: 50 messages, 1 render', () => {
    let renders = 0;
    function DemandTable() {
      const { data } = useFeed('demand', undefined, { manager });
      renders += 1;
      return <output data-testid="rows">{data?.map((row) => row.amount).join(',')}</output>;
    }
    render(<DemandTable />);
    act(() => last().open());
    renders = 0;
    // each message is its own socket event, as in a browser
    for (let i = 1; i <= 50; i += 1) act(() => last().receive(JSON.stringify([{ currency: 'eth', amount: i }])));
    expect(renders).toBe(0);
    act(() => frames.run());
    expect(renders).toBe(1);
    expect(screen.getByTestId('rows')).toHaveTextContent('50');
  });
});

describe('ShellFeedStatus', () => {
  function TaskPage() {
    useFeed('task', [1], { manager });
    return null;
  }

  it('shows the state of the feeds the current page uses, and nothing on a page without feeds', () => {
    const { rerender } = render(
      <>
        <ShellFeedStatus manager={manager} />
        <TaskPage />
      </>,
    );
    const badge = () => document.querySelector('[data-feed="task"]');
    expect(badge()).toHaveAttribute('data-feed-state', 'connecting');
    expect(screen.getByRole('status', { name: 'Live data' })).toHaveTextContent('connecting');

    act(() => last().open());
    act(() => {
      last().receive(taskReply({ id: 1, status: 2 }));
      frames.run();
    });
    expect(badge()).toHaveAttribute('data-feed-state', 'live');
    expect(screen.getByRole('status')).toHaveTextContent('live · just now');

    act(() => last().receive('{"data":"broken"}'));
    expect(badge()).toHaveAttribute('data-feed-error', 'true');

    rerender(<ShellFeedStatus manager={manager} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('a resource feed writes into Refine’s query cache', () => {
  type Task = { id: number; name: string; status: number };
  const tasks: Task[] = [
    { id: 1, name: 'alpha', status: 4 },
    { id: 2, name: 'beta', status: 4 },
  ];

  function fakeDataProvider() {
    const calls = { getList: 0, getOne: 0 };
    const provider = {
      getApiUrl: () => '',
      getList: async () => {
        calls.getList += 1;
        return { data: tasks, total: tasks.length };
      },
      getOne: async ({ id }: { id: string | number }) => {
        calls.getOne += 1;
        return { data: tasks.find((task) => task.id === Number(id))! };
      },
      create: async () => ({ data: {} }),
      update: async () => ({ data: {} }),
      deleteOne: async () => ({ data: {} }),
    } as unknown as DataProvider;
    return { provider, calls };
  }

  function TaskList() {
    const { result } = useList<Task>({ resource: 'tasks' });
    const liveProviderRef = useRef(createLiveProvider(manager));
    useLiveResource('tasks', { params: result.data.map((task) => task.id), liveProvider: liveProviderRef.current, manager });
    return (
      <ul>
        {result.data.map((task) => (
          <li key={task.id} data-testid={`list-${task.id}`}>
            {task.name}:{task.status}
          </li>
        ))}
      </ul>
    );
  }

  function TaskDetail() {
    const { result } = useOne<Task>({ resource: 'tasks', id: 1 });
    return <p data-testid="detail">{result ? `${result.name}:${result.status}` : ''}</p>;
  }

  it('a task message updates the list and the one query of that task, without a refetch', async () => {
    const { provider, calls } = fakeDataProvider();
    const liveProvider = createLiveProvider(manager);
    render(
      <Refine dataProvider={provider} liveProvider={liveProvider} resources={[{ name: 'tasks' }]} options={{ liveMode: 'auto', disableTelemetry: true }}>
        <TaskList />
        <TaskDetail />
      </Refine>,
    );
    expect(await screen.findByTestId('list-2')).toHaveTextContent('beta:4');
    expect(await screen.findByTestId('detail')).toHaveTextContent('alpha:4');

    await waitFor(() => expect(last()?.url).toMatch(/^ws:\/\/feeds\.test\/ts\/websocket\?lang=/));
    act(() => last().open());
    await waitFor(() => expect(last().sent.map((text) => JSON.parse(text).data)).toContainEqual([1, 2]));

    act(() => {
      last().receive(taskReply({ id: 1, status: 3 }));
      last().receive(taskReply({ id: 1, status: 2 }, { id: 2, status: 3 }));
      frames.run();
    });
    await waitFor(() => expect(screen.getByTestId('detail')).toHaveTextContent('alpha:2'));
    expect(screen.getByTestId('list-1')).toHaveTextContent('alpha:2');
    expect(screen.getByTestId('list-2')).toHaveTextContent('beta:3');
    expect(calls).toEqual({ getList: 1, getOne: 1 });
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('useLiveResourceCache renders its page only when a message changes its rows, not for the feed status', async () => {
    const { provider } = fakeDataProvider();
    const liveProvider = createLiveProvider(manager);
    const renders = { cache: 0, status: 0 };
    function CacheOnly() {
      renders.cache += 1;
      const { result } = useList<Task>({ resource: 'tasks' });
      useLiveResourceCache('tasks', { params: [1, 2], liveProvider, manager });
      return <p data-testid="cache-only">{result.data.map((task) => `${task.name}:${task.status}`).join(' ')}</p>;
    }
    function WithStatus() {
      renders.status += 1;
      useLiveResource('tasks', { params: [1, 2], liveProvider, manager });
      return null;
    }
    render(
      <Refine dataProvider={provider} liveProvider={liveProvider} resources={[{ name: 'tasks' }]} options={{ liveMode: 'auto', disableTelemetry: true }}>
        <CacheOnly />
        <WithStatus />
      </Refine>,
    );
    await waitFor(() => expect(screen.getByTestId('cache-only')).toHaveTextContent('alpha:4 beta:4'));
    await waitFor(() => expect(last()?.url).toMatch(/^ws:\/\/feeds\.test\/ts\/websocket\?lang=/));
    act(() => last().open());

    const before = { ...renders };
    act(() => {
      last().receive(taskReply({ id: 9, status: 1 })); // a task this page does not hold
      frames.run();
    });
    await waitFor(() => expect(renders.status).toBeGreaterThan(before.status)); // the status (its last message) changed
    expect(renders.cache).toBe(before.cache);

    act(() => {
      last().receive(taskReply({ id: 2, status: 3 }));
      frames.run();
    });
    await waitFor(() => expect(screen.getByTestId('cache-only')).toHaveTextContent('alpha:4 beta:3'));
  });

  it('a list read again keeps the live fields the feed sent (the task socket sends a task again only when it changes), and takes its counter', async () => {
    const { provider, calls } = fakeDataProvider();
    const liveProvider = createLiveProvider(manager);
    let refetch = () => {};
    function Figures() {
      const { result, query } = useList<Task & { analysis?: { f: number } }>({ resource: 'tasks' });
      refetch = () => void query.refetch();
      useLiveResourceCache('tasks', { params: [1, 2], liveProvider, manager });
      const counter = (result as { counter?: { running: number; total: number } }).counter;
      return (
        <p data-testid="figures">
          {result.data.map((task) => `${task.id}:${task.status}:${task.analysis?.f ?? '-'}`).join(' ')} {counter ? `${counter.running}/${counter.total}` : ''}
        </p>
      );
    }
    render(
      <Refine dataProvider={provider} liveProvider={liveProvider} resources={[{ name: 'tasks' }]} options={{ liveMode: 'off', disableTelemetry: true }}>
        <Figures />
      </Refine>,
    );
    await waitFor(() => expect(screen.getByTestId('figures')).toHaveTextContent('1:4:- 2:4:-'));
    await waitFor(() => expect(last()?.url).toMatch(/^ws:\/\/feeds\.test\/ts\/websocket\?lang=/));
    act(() => last().open());
    act(() => {
      last().receive(JSON.stringify({ code: 200, data: [{ id: 1, status: 2, analysis: { f: 0.5 } }], counter: { running: 1, total: 2 } }));
      frames.run();
    });
    await waitFor(() => expect(screen.getByTestId('figures')).toHaveTextContent('1:2:0.5 2:4:- 1/2'));

    act(() => refetch());
    await waitFor(() => expect(calls.getList).toBe(2));
    // what was read is the server's (its status); the figures only the socket sends stay
    await waitFor(() => expect(screen.getByTestId('figures')).toHaveTextContent(/^1:4:0\.5 2:4:-/));
  });
});
