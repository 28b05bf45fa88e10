import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { endpointNames, endpoints } from '#contract/endpoints';
import { feedNames } from '#contract/feeds';
import { CALL_ACCESS } from '#contract/access/calls';
import { FEED_ACCESS } from '#contract/access/feeds';
import { PERMISSIONS, PUBLIC, RESOURCES, can, isPathAllowed, ruleOf, type Subject } from '#contract/rules/permissions';
import { STRATEGY_KEYS } from '#contract/rules/strategy-keys';
import { demoAccount } from '../../server/demo-accounts';
import { accessControlProvider } from '../../src/providers/access-control';
import { resetPermissions } from '../../src/providers/permissions';
import { clearSession, saveSession, type Session } from '../../src/providers/session';
import { consoleRoutes, navigation, refineResources } from '../../src/console/routes';

const subject = (over: Partial<Subject> = {}): Subject => ({ isSuper: false, pes: 0, columns: [], strategyKeys: [], ...over });
const demo = (name: 'admin' | 'trader' | 'follower'): Subject => {
  const a = demoAccount(name);
  return { isSuper: a.isSuper === 1, pes: a.pes, columns: a.columns, strategyKeys: a.strategyKeys };
};

describe('the contract table against the permission table', () => {
  it.each(endpointNames)('%s has a rule', (name) => {
    const access = CALL_ACCESS[name];
    expect(access).toBeDefined();
    if (access === PUBLIC) expect(endpoints[name].auth).toBe(false);
    else expect(ruleOf(access.resource, access.action)).toBeDefined();
  });

  it('every call made before a session exists is public, and only those', () => {
    const publicCalls = endpointNames.filter((name) => CALL_ACCESS[name] === PUBLIC);
    expect(publicCalls).toEqual(endpointNames.filter((name) => !endpoints[name].auth));
  });

  it.each(feedNames)('feed %s has a rule', (name) => {
    expect(ruleOf(FEED_ACCESS[name].resource, FEED_ACCESS[name].action)).toBeDefined();
  });

  it('names the resources and areas the team agreed on', () => {
    expect(RESOURCES).toEqual(
      expect.arrayContaining([
        'apis',
        'strategies',
        'tasks',
        'child-tasks',
        'follow-tasks',
        'unilateral-strategies',
        'global-config',
        'market',
        'assets',
        'orders',
        'demand',
        'monitoring',
        'account',
        'tools',
      ]),
    );
  });
});

describe('table semantics', () => {
  it('denies what the table does not name, even to the super user', () => {
    const admin = demo('admin');
    expect(can(admin, 'apis', 'list')).toBe(true);
    expect(can(admin, 'apis', 'fly')).toBe(false);
    expect(can(admin, 'unknown-resource', 'list')).toBe(false);
    expect(can(admin, undefined, 'list')).toBe(false);
    expect(can(admin, 'apis', 'constructor')).toBe(false);
    expect(can(admin, '__proto__', 'list')).toBe(false);
  });

  it('denies everything to a signed-out caller', () => {
    expect(can(null, 'account', 'list')).toBe(false);
  });

  it('opens the default paths to everyone signed in, a column and the pages below it', () => {
    for (const path of ['/login', '/home', '/user', '/user/index', '/guide', '/404']) expect(isPathAllowed(path, [])).toBe(true);
    expect(isPathAllowed('/task/taskDetail', ['/task'])).toBe(true);
    expect(isPathAllowed('/taskx', ['/task'])).toBe(false);
    expect(isPathAllowed('/config', ['/task'])).toBe(false);
  });

  it('lets the task detail page read the newest orders without the statistics column, and nothing else of the order calls', () => {
    const detailOnly = { isSuper: false, pes: 0, columns: ['/task/taskDetail'], strategyKeys: [] };
    const allowed = (name: keyof typeof CALL_ACCESS) => {
      const access = CALL_ACCESS[name];
      return access !== PUBLIC && can(detailOnly, access.resource, access.action);
    };
    expect(allowed('orderNewest')).toBe(true);
    expect(allowed('orderPaging')).toBe(false);
    expect(allowed('orderApiNumber')).toBe(false);
    expect(can({ ...detailOnly, columns: [] }, 'orders', 'newest')).toBe(false);
  });

  it('keeps the super-only actions of §6 for the super user, on top of the column', () => {
    const trader = demo('trader');
    for (const action of ['create', 'edit', 'delete'] as const) {
      expect(can(trader, 'strategies', action)).toBe(false);
      expect(can(demo('admin'), 'strategies', action)).toBe(true);
      expect(can(subject({ isSuper: true }), 'strategies', action)).toBe(false); // no /strategy column
    }
    expect(can(trader, 'global-config', 'list')).toBe(true);
    expect(can(trader, 'global-config', 'edit')).toBe(false);
  });

  it('checks strategy_* keys on the unilateral list, with its column', () => {
    const columns = ['/main/index/unilateral'];
    const user = subject({ columns, strategyKeys: ['strategy_start', 'strategy_hide'] });
    const actions = {
      strategy_start: 'start',
      strategy_stop: 'stop',
      strategy_update: 'edit',
      strategy_all_preserve: 'preserve',
      strategy_details: 'show',
      strategy_add_task: 'follow',
      strategy_hide: 'hide',
      strategy_show: 'unhide',
    } as const;
    expect(Object.keys(actions).sort()).toEqual([...STRATEGY_KEYS].sort());
    const allowed = STRATEGY_KEYS.filter((key) => can(user, 'unilateral-strategies', actions[key]));
    expect(allowed).toEqual(['strategy_start', 'strategy_hide']);
    expect(can(subject({ strategyKeys: [...STRATEGY_KEYS] }), 'unilateral-strategies', 'start')).toBe(false);
  });

  it('makes a level-1 (pes 1) login the admin of the unilateral side only', () => {
    const columns = demo('follower').columns;
    const level1 = subject({ columns, pes: 1 });
    expect(can(level1, 'unilateral-strategies', 'operate')).toBe(true);
    expect(can(level1, 'unilateral-strategies', 'status')).toBe(true);
    expect(can(level1, 'monitoring', 'status')).toBe(true);
    expect(can(subject({ columns, pes: 2 }), 'unilateral-strategies', 'operate')).toBe(false);
    // not the super user elsewhere
    expect(can(subject({ columns: [...columns, '/config', '/strategy'], pes: 1 }), 'global-config', 'edit')).toBe(false);
    expect(can(subject({ columns: [...columns, '/strategy'], pes: 1 }), 'strategies', 'create')).toBe(false);
  });

  it('keeps the follower (unilateral columns only) out of the global config and the strategy library', () => {
    const follower = demo('follower');
    for (const name of ['globalConfigGet', 'strategyHome'] as const) {
      const access = CALL_ACCESS[name];
      expect(access !== PUBLIC && can(follower, access.resource, access.action)).toBe(false);
    }
    expect(can(follower, 'unilateral-strategies', 'list')).toBe(true);
    expect(can(follower, 'follow-tasks', 'create')).toBe(true);
  });
});

describe('the route table', () => {
  it('gives every route an entry of the permission table', () => {
    for (const route of consoleRoutes) expect(ruleOf(route.resource, route.action), route.path).toBeDefined();
  });

  it('declares a Refine resource for every entity', () => {
    expect(refineResources.map((r) => r.name).sort()).toEqual(
      ['apis', 'assets', 'child-tasks', 'follow-tasks', 'global-config', 'orders', 'strategies', 'tasks', 'unilateral-strategies'].sort(),
    );
    expect(refineResources.find((r) => r.name === 'tasks')).toMatchObject({ list: '/task', show: '/task/taskDetail' });
    for (const r of refineResources) expect(r.name in PERMISSIONS).toBe(true);
  });

  it('builds the navigation from the routes: a group shows when any child is allowed, with only those children', () => {
    const s = subject({ columns: ['/market', '/config'] });
    const nav = navigation((r) => can(s, r.resource, r.action));
    expect(nav.map((e) => (e.kind === 'page' ? e.route.path : e.label))).toEqual(['/market', 'nav.taskGroup']);
    const group = nav[1];
    expect(group.kind === 'group' && group.routes.map((r) => r.path)).toEqual(['/config']);
  });

  it('shows the admin the full navigation of spec §2 in its order', () => {
    const admin = demo('admin');
    const nav = navigation((r) => can(admin, r.resource, r.action));
    const flat = nav.map((e) => (e.kind === 'page' ? e.route.path : `${e.label}:${e.routes.map((r) => r.path).join(',')}`));
    expect(flat).toEqual([
      '/market',
      '/api',
      'nav.assets:/assets,/assets/snapshot',
      '/statistic',
      'nav.taskGroup:/task,/config,/demand',
      '/strategy',
      'nav.unilateralGroup:/main/index/unilateral,/main/index/api',
      '/main/mobile',
      '/main/tempStrategy',
      '/main/mill1',
      '/main/mill2',
      '/coins',
      '/signal',
      '/simulate',
      '/aveo',
      '/badata',
      '/binance/trading',
      '/binance/currency',
    ]);
  });
});

describe('access-control provider', () => {
  const server = setupServer();
  let permissionCalls = 0;
  let reply: Record<string, unknown> = {};
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    permissionCalls = 0;
    resetPermissions();
    server.use(
      http.get('*/display/permission/data', () => {
        permissionCalls += 1;
        return HttpResponse.json({ code: 200, data: { columns: [], strategy: [], userName: 'u', is_super: 0, level: 0, ...reply } });
      }),
    );
  });
  afterAll(() => server.close());

  const as = (session: Partial<Session>) => saveSession({ token: 't', userName: 'u', level: 0, isSuper: false, kind: 'normal', ...session });
  const ask = (resource: string | undefined, action: string) => accessControlProvider.can({ resource, action }).then((r) => r.can);

  it('says no to everything when signed out', async () => {
    clearSession();
    expect(await ask('account', 'list')).toBe(false);
    expect(permissionCalls).toBe(0);
  });

  it('answers from the permission list, loading it once', async () => {
    as({});
    reply = { columns: ['/market', '/api'] };
    expect(await ask('market', 'list')).toBe(true);
    expect(await ask('apis', 'create')).toBe(true);
    expect(await ask('global-config', 'list')).toBe(false);
    expect(await ask('account', 'list')).toBe(true);
    expect(await ask('apis', 'launch')).toBe(false);
    expect(permissionCalls).toBe(1);
  });

  it('takes the super flag from the permission list', async () => {
    as({ isSuper: true });
    reply = { columns: ['/strategy'], is_super: 0 };
    expect(await ask('strategies', 'create')).toBe(false);
    resetPermissions();
    reply = { columns: ['/strategy'], is_super: 1 };
    expect(await ask('strategies', 'create')).toBe(true);
  });

  it('treats a unilateral level-1 login as the admin of the unilateral side', async () => {
    reply = { columns: ['/main/index/unilateral'] };
    as({ kind: 'unilateral', level: 1 });
    expect(await ask('unilateral-strategies', 'operate')).toBe(true);
    resetPermissions();
    as({ kind: 'unilateral', level: 2 });
    expect(await ask('unilateral-strategies', 'operate')).toBe(false);
    resetPermissions();
    reply = { columns: ['/main/index/unilateral'], pes: 1 }; // the server's pes wins over the login's level
    expect(await ask('unilateral-strategies', 'operate')).toBe(true);
  });

  it('checks strategy_* keys against the strategy permission list', async () => {
    as({});
    reply = { columns: ['/main/index/unilateral'], strategy: ['strategy_start'] };
    expect(await ask('unilateral-strategies', 'start')).toBe(true);
    expect(await ask('unilateral-strategies', 'stop')).toBe(false);
  });
});
