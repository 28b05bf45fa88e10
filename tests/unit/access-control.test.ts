import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { accessControlProvider, OPEN, STRATEGY_KEYS } from '../../src/providers/access-control';
import { isPathAllowed, resetPermissions } from '../../src/providers/permissions';
import { clearSession, saveSession, type Session } from '../../src/providers/session';
import { topNavigation, visibleNavigation } from '../../src/console/routes';

const server = setupServer();
let permissionCalls = 0;
let columns: string[] = [];
let strategy: string[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  permissionCalls = 0;
  resetPermissions();
  server.use(
    http.get('*/display/permission/data', () => {
      permissionCalls += 1;
      return HttpResponse.json({ code: 200, data: { columns, strategy, userName: 'u', is_super: 0, level: 0 } });
    }),
  );
});
afterAll(() => server.close());

const as = (session: Partial<Session>) => saveSession({ token: 't', userName: 'u', level: 0, isSuper: false, kind: 'normal', ...session });
const can = (action: string, path?: string) => accessControlProvider.can({ action, params: path ? { path } : undefined }).then((r) => r.can);

describe('route guard rule', () => {
  it('allows the default paths to everyone signed in', () => {
    for (const path of ['/login', '/home', '/user', '/user/index', '/guide', '/404']) expect(isPathAllowed(path, [])).toBe(true);
  });

  it('allows a permitted column and the pages below it, nothing else', () => {
    expect(isPathAllowed('/task', ['/task'])).toBe(true);
    expect(isPathAllowed('/task/taskDetail', ['/task'])).toBe(true);
    expect(isPathAllowed('/taskx', ['/task'])).toBe(false);
    expect(isPathAllowed('/config', ['/task'])).toBe(false);
  });
});

describe('access-control provider', () => {
  it('says no to everything when signed out', async () => {
    clearSession();
    expect(await can(OPEN, '/home')).toBe(false);
    expect(await can('strategy.add')).toBe(false);
  });

  it('opens routes from the permission list, loading it once', async () => {
    as({});
    columns = ['/market', '/api'];
    expect(await can(OPEN, '/market')).toBe(true);
    expect(await can(OPEN, '/config')).toBe(false);
    expect(await can(OPEN, '/guide')).toBe(true);
    expect(permissionCalls).toBe(1);
  });

  it('keeps super-only actions for the super user', async () => {
    as({ isSuper: false });
    expect(await can('strategy.add')).toBe(false);
    expect(await can('globalConfig.save')).toBe(false);
    as({ isSuper: true, level: 1 });
    expect(await can('strategy.add')).toBe(true);
    expect(await can('globalConfig.save')).toBe(true);
  });

  it('treats a unilateral level-1 login as the admin of the unilateral side', async () => {
    as({ kind: 'unilateral', level: 1 });
    expect(await can('unilateral.operations')).toBe(true);
    as({ kind: 'unilateral', level: 2 });
    expect(await can('unilateral.operations')).toBe(false);
  });

  it('checks strategy_* keys against the strategy permission list', async () => {
    as({});
    strategy = ['strategy_start', 'strategy_hide'];
    const allowed = await Promise.all(STRATEGY_KEYS.map((key) => can(key)));
    expect(STRATEGY_KEYS.filter((_, i) => allowed[i])).toEqual(['strategy_start', 'strategy_hide']);
  });
});

describe('top navigation', () => {
  it('shows a group when any child is allowed, with only the allowed children', () => {
    const visible = visibleNavigation(topNavigation, (path) => ['/market', '/config'].includes(path));
    expect(visible.map((item) => item.path)).toEqual(['/market', '/task']);
    expect(visible[1].children?.map((item) => item.path)).toEqual(['/config']);
  });
});
