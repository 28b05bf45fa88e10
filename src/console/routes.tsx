import type { ResourceProps } from '@refinedev/core';
import type { PageLoader } from '../components/lazy-page';
import type { Access, Action, Resource } from '#contract/rules/permissions';
import { apisResource } from '../features/apis';
import { assetsResource } from '../features/assets';
import { childTasksResource } from '../features/tasks/child-tasks';
import { followTasksResource } from '../features/unilateral/follow-tasks';
import { globalConfigResource } from '../features/global-config';
import { ordersResource } from '../features/statistic';
import { strategiesResource } from '../features/strategies';
import { tasksResource } from '../features/tasks';
import { unilateralStrategiesResource } from '../features/unilateral';

/**
 * Every console route of spec §2 in one table: the router, Refine's resources and the top
 * navigation are all derived from it. Each route names the entry of the permission table
 * (contract/rules/permissions.ts) that opens it; `label` is the i18n key of the page and its menu item.
 */
export type ConsoleRoute = Access & {
  path: string;
  label: string;
  load: PageLoader;
  /** the user shell (header with the user name and logout, no navigation) instead of the console's. */
  shell?: 'user';
  /** shown in the top navigation; `group` (an i18n key) nests it under a submenu of that name. */
  nav?: { group?: string };
  /** Refine resource props of the entity this page lists (`meta.calls` names its calls in the contract table). */
  definition?: Omit<ResourceProps, 'name' | 'list' | 'show'>;
};

interface RouteOptions<R extends Resource> {
  action?: Action<R>;
  load: PageLoader;
  shell?: 'user';
  nav?: { group?: string };
  definition?: ConsoleRoute['definition'];
}

const route = <R extends Resource>(path: string, label: string, resource: R, options: RouteOptions<R>): ConsoleRoute =>
  ({ path, label, resource, ...options, action: options.action ?? 'list' }) as ConsoleRoute;

const inNav = { nav: {} };
/** A tool page of §1/§2 (`nav: false` keeps it out of the top navigation). */
const tool = (path: string, label: string, action: Action<'tools'>, { nav = true, load, shell }: { nav?: boolean; load: PageLoader; shell?: 'user' }) =>
  route(path, label, 'tools', { action, load, shell, ...(nav ? inNav : {}) });

/** The Refine resource props of an entity, from its definition in its feature (src/features/<area>/index.ts). */
const definitionOf = ({ meta }: { meta: NonNullable<ResourceProps['meta']> }) => ({ meta });

export const consoleRoutes: ConsoleRoute[] = [
  route('/user/index', 'nav.userIndex', 'account', { load: () => import('../features/account/user'), shell: 'user' }),
  route('/user/static', 'nav.userStatic', 'account', { load: () => import('../features/account/user/static'), shell: 'user' }),
  route('/market', 'nav.market', 'market', { load: () => import('../features/market'), ...inNav }),
  route('/api', 'nav.api', 'apis', { load: () => import('../features/apis/list'), ...inNav, definition: definitionOf(apisResource) }),
  route('/api/audit', 'nav.apiAudit', 'apis', { action: 'audit', load: () => import('../features/apis/audit') }),
  route('/assets', 'nav.assetsEquity', 'assets', {
    load: () => import('../features/assets/list'),
    nav: { group: 'nav.assets' },
    definition: definitionOf(assetsResource),
  }),
  route('/assets/snapshot', 'nav.assetsSnapshot', 'assets', {
    action: 'snapshot',
    load: () => import('../features/assets/snapshot'),
    nav: { group: 'nav.assets' },
  }),
  route('/assets/snapshot/board', 'nav.assetsBoard', 'assets', { action: 'board', load: () => import('../features/assets/board') }),
  route('/statistic', 'nav.statistic', 'orders', { ...inNav, load: () => import('../features/statistic/list'), definition: definitionOf(ordersResource) }),
  route('/task', 'nav.task', 'tasks', {
    load: () => import('../features/tasks/list'),
    nav: { group: 'nav.taskGroup' },
    definition: definitionOf(tasksResource),
  }),
  route('/task/taskDetail', 'nav.taskDetail', 'tasks', { action: 'show', load: () => import('../features/tasks/detail') }),
  route('/task/taskTradeInfo', 'nav.taskTradeInfo', 'tasks', { action: 'trade', load: () => import('../features/tasks/trade-info') }),
  route('/config', 'nav.config', 'global-config', {
    load: () => import('../features/global-config/edit'),
    nav: { group: 'nav.taskGroup' },
    definition: definitionOf(globalConfigResource),
  }),
  route('/demand', 'nav.demand', 'demand', { load: () => import('../features/demand'), nav: { group: 'nav.taskGroup' } }),
  route('/strategy', 'nav.strategy', 'strategies', {
    load: () => import('../features/strategies/list'),
    ...inNav,
    definition: definitionOf(strategiesResource),
  }),
  route('/main/index/unilateral', 'nav.unilateral', 'unilateral-strategies', {
    load: () => import('../features/unilateral/list'),
    nav: { group: 'nav.unilateralGroup' },
    definition: definitionOf(unilateralStrategiesResource),
  }),
  route('/main/index/api', 'nav.unilateralApi', 'follow-tasks', {
    load: () => import('../features/unilateral/follow-tasks/list'),
    nav: { group: 'nav.unilateralGroup' },
    definition: definitionOf(followTasksResource),
  }),
  route('/main/index/api/detail', 'nav.unilateralApiDetail', 'follow-tasks', { action: 'show', load: () => import('../features/unilateral/api-detail') }),
  route('/unilateral/statistic', 'nav.unilateralStatistic', 'unilateral-strategies', {
    action: 'statistic',
    load: () => import('../features/unilateral/statistic'),
  }),
  route('/unilateral/contral', 'nav.monitoring', 'monitoring', { load: () => import('../features/unilateral/monitoring') }),
  tool('/main/mobile', 'nav.mobile', 'mobile', { load: () => import('../features/tools/mobile') }),
  tool('/main/tempStrategy', 'nav.tempStrategy', 'tempStrategy', { load: () => import('../features/tools/paper/temp-strategy') }),
  tool('/temp/strategy', 'nav.tempStrategyPage', 'tempStrategyPage', {
    nav: false,
    shell: 'user',
    load: () => import('../features/tools/paper/temp-strategy'),
  }),
  tool('/main/mill', 'nav.mill', 'mill', { nav: false, load: () => import('../features/tools/miner/models') }),
  tool('/main/mill1', 'nav.mill1', 'mill1', { load: () => import('../features/tools/miner/compare') }),
  tool('/main/mill2', 'nav.mill2', 'mill2', { load: () => import('../features/tools/miner/calculator') }),
  tool('/coins', 'nav.coins', 'coins', { load: () => import('../features/tools/coins') }),
  tool('/signal', 'nav.signal', 'signal', { load: () => import('../features/tools/signal') }),
  tool('/simulate', 'nav.simulate', 'simulate', { load: () => import('../features/tools/paper/simulate') }),
  tool('/aveo', 'nav.aveo', 'aveo', { load: () => import('../features/tools/aevo') }),
  tool('/badata', 'nav.badata', 'badata', { load: () => import('../features/tools/badata') }),
  tool('/binance/trading', 'nav.binanceTrading', 'binanceTrading', { load: () => import('../features/tools/binance/trading') }),
  tool('/binance/currency', 'nav.binanceCurrency', 'binanceCurrency', { load: () => import('../features/tools/binance/currency') }),
];

/** Spec §2 redirects inside the console. */
export const consoleRedirects: Record<string, string> = {
  '/main': '/market',
  '/main/index': '/main/index/unilateral',
  '/user': '/user/index',
  '/unilateral': '/main/index/unilateral',
};

/** Entities without a page of their own: child tasks live on the task detail page. */
const pagelessResources: ResourceProps[] = [{ name: 'child-tasks', meta: { ...childTasksResource.meta, label: 'nav.childTasks', parent: 'tasks' } }];

/**
 * Refine's resources: one per entity whose list page declares a `definition`, with its list and
 * show paths from the routes of the same resource.
 */
export const refineResources: ResourceProps[] = [
  ...consoleRoutes
    .filter((r) => r.definition)
    .map((r) => {
      const show = consoleRoutes.find((other) => other.resource === r.resource && other.action === 'show');
      return { ...r.definition, name: r.resource, list: r.path, show: show?.path, meta: { label: r.label, ...r.definition!.meta } };
    }),
  ...pagelessResources,
];

/** An entry of the top navigation: a page, or a group of pages (spec §2 top navigation). */
export type NavEntry = { kind: 'page'; route: ConsoleRoute } | { kind: 'group'; label: string; routes: ConsoleRoute[] };

/**
 * The top navigation derived from the route table: routes with `nav`, in table order; routes of one
 * group gather where the group first appears. `allowed` filters them (a group shows when any page does).
 */
export function navigation(allowed: (route: ConsoleRoute) => boolean, routes: readonly ConsoleRoute[] = consoleRoutes): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const r of routes) {
    if (!r.nav || !allowed(r)) continue;
    const group = r.nav.group;
    if (!group) {
      entries.push({ kind: 'page', route: r });
      continue;
    }
    const existing = entries.find((e): e is Extract<NavEntry, { kind: 'group' }> => e.kind === 'group' && e.label === group);
    if (existing) existing.routes.push(r);
    else entries.push({ kind: 'group', label: group, routes: [r] });
  }
  return entries;
}
