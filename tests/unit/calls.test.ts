import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { call, notifySessionInvalid } from '../../src/api/client';
import { callTypesCoverTheTable } from '#contract/calls';
import { useCall, useCallMutation } from '../../src/api/use-call';
import { authProvider } from '../../src/providers/auth';
import { dataProvider, onCall } from '../../src/providers/data';
import { onSessionInvalid, readSession, saveSession } from '../../src/providers/session';
import { tasksResource } from '../../src/features/tasks';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const signIn = () => saveSession({ token: 'tok', userName: 'admin', level: 1, isSuper: true, kind: 'normal' });

describe('typed calls', () => {
  it('cover every call of the contract table (checked by the compiler)', () => {
    expect(callTypesCoverTheTable).toBe(true);
  });

  // Never run: the compiler checks these lines (npm run typecheck includes tests/unit). Each
  // expect-error directive below fails the typecheck if the line under it ever compiles.
  function wrongPayloadsDoNotCompile() {
    // @ts-expect-error apiId is missing
    void call('apiChargesGet', {});
    // @ts-expect-error a payload field of the wrong type
    void call('apiChargesGet', { apiId: '7' });
    // @ts-expect-error a child task is childrenTaskId in its statistics calls…
    void call('taskChildrenPositionStatistics', { taskChildrenId: 1 });
    // @ts-expect-error …and taskChildrenId in its delete call
    void call('taskChildrenDelete', { childrenTaskId: 1 });
    // @ts-expect-error not a call of the contract
    void call('apiListAll');
    // @ts-expect-error the task list pages with pagesize and page
    void call('taskList', { pageSize: 10, page: 1 });
    // @ts-expect-error no method is passed: the contract table has it
    void call('apiList', {}, 'get');
    // a call that needs only the token takes no payload
    void call('apiList');

    void (async () => {
      const fees = await call('apiChargesGet', { apiId: 1 });
      const maxLoss: number = fees.maxLoss;
      // @ts-expect-error the reply is typed: ApiFees has no such field
      void fees.apiSecret;
      const page = await call('taskList', { pagesize: 10, page: 1 });
      const total: number = page.total;
      return maxLoss + total;
    })();

    // the hooks take the same types
    const { data } = useCall('bourseGet', {});
    const firstName: string | undefined = data?.[0]?.name;
    // @ts-expect-error a payload the call does not take
    useCall('transactionTypeGet', { bourse: 1 });
    const clear = useCallMutation('apiClear');
    // @ts-expect-error apiClear needs the apiId
    clear.mutate({});
    clear.mutate({ apiId: 1 }, { onSuccess: (reply) => void reply });

    // a resource mapping builds its call's payload and reads its call's reply
    onCall('taskList', {
      // @ts-expect-error pagesize is missing
      toPayload: () => ({ page: 1 }),
      select: ({ list, total }) => ({ data: list, total }),
    });
    onCall('taskList', {
      toPayload: () => ({ pagesize: 10, page: 1 }),
      // @ts-expect-error the task list reply has no datas
      select: ({ datas }) => ({ data: datas, total: 0 }),
    });
    return firstName;
  }

  it('keeps the compile-only checks out of the run', () => {
    expect(typeof wrongPayloadsDoNotCompile).toBe('function');
  });
});

describe('a session that the server calls invalid (code 3)', () => {
  it('logs out exactly once, however many replies and feeds say so, and again after the next login', async () => {
    signIn();
    let logoutCalls = 0;
    server.use(
      http.get('*/task/list', () => HttpResponse.json({ code: 3, info: '登录已失效' })),
      http.post('*/user/logout', () => {
        logoutCalls++;
        return HttpResponse.json({ code: 200, data: null });
      }),
    );
    const ended = vi.fn();
    const stop = onSessionInvalid(ended);

    const lists = await Promise.allSettled([1, 2, 3].map(() => dataProvider.getList({ resource: 'tasks', meta: tasksResource.meta })));
    expect(lists.every((list) => list.status === 'rejected')).toBe(true);
    // Refine hands each failure to the auth provider: it must not log out a second time
    for (const list of lists) {
      if (list.status === 'rejected') expect(await authProvider.onError(list.reason)).toEqual({});
    }
    notifySessionInvalid(); // a feed says so too

    expect(ended).toHaveBeenCalledTimes(1);
    expect(readSession()).toBeNull();
    expect(logoutCalls).toBe(0);

    signIn();
    await expect(call('taskList', { pagesize: 10, page: 1 })).rejects.toMatchObject({ kind: 'session' });
    expect(ended).toHaveBeenCalledTimes(2);
    stop();
  });
});
