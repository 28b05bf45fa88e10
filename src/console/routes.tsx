import type { ResourceProps } from '@refinedev/core';
import type { PageLoader } from '../components/lazy-page';
import { apisResource } from '../resources/apis';
import { strategiesResource } from '../resources/strategies';

/**
 * Every console route of spec §2 in one table: the router, Refine's resources and the top
 * navigation are all derived from it. `label` is the i18n key of the page and its menu item.
 */
export interface ConsoleRoute {
  path: string;
  label: string;
  load: PageLoader;
  /** the user shell (header with the user name and logout, no navigation) instead of the console's. */
  shell?: 'user';
  /** a Refine resource served by this page; `meta.calls` names its calls in the contract table. */
  resource?: Omit<ResourceProps, 'list'>;
}

/** Pages whose issue has not landed yet. */
const coming =
  (label: string): PageLoader =>
  () =>
    import('../pages/coming').then(({ ComingPage }) => ({ default: () => <ComingPage label={label} /> }));

const route = (path: string, label: string, load: PageLoader = coming(label), extra: Partial<ConsoleRoute> = {}): ConsoleRoute => ({
  path,
  label,
  load,
  ...extra,
});

export const consoleRoutes: ConsoleRoute[] = [
  route('/user/index', 'nav.userIndex', () => import('../pages/user'), { shell: 'user' }),
  route('/user/static', 'nav.userStatic', () => import('../pages/user/static'), { shell: 'user' }),
  route('/market', 'nav.market'),
  route('/api', 'nav.api', () => import('../resources/apis/list'), { resource: apisResource }),
  route('/assets', 'nav.assetsEquity'),
  route('/assets/snapshot', 'nav.assetsSnapshot'),
  route('/assets/snapshot/board', 'nav.assetsBoard'),
  route('/statistic', 'nav.statistic'),
  route('/task', 'nav.task'),
  route('/task/taskDetail', 'nav.taskDetail'),
  route('/task/taskTradeInfo', 'nav.taskTradeInfo'),
  route('/config', 'nav.config', () => import('../resources/global-config/edit')),
  route('/demand', 'nav.demand'),
  route('/strategy', 'nav.strategy', () => import('../resources/strategies/list'), { resource: strategiesResource }),
  route('/main/index/unilateral', 'nav.unilateral'),
  route('/main/index/api', 'nav.unilateralApi'),
  route('/main/index/api/detail', 'nav.unilateralApiDetail'),
  route('/unilateral/statistic', 'nav.unilateralStatistic'),
  route('/unilateral/contral', 'nav.monitoring'),
  route('/temp/strategy', 'nav.tempStrategyPage'),
  route('/main/tempStrategy', 'nav.tempStrategy'),
  route('/main/mobile', 'nav.mobile'),
  route('/main/mill', 'nav.mill'),
  route('/main/mill1', 'nav.mill1'),
  route('/main/mill2', 'nav.mill2'),
  route('/coins', 'nav.coins'),
  route('/signal', 'nav.signal'),
  route('/simulate', 'nav.simulate'),
  route('/aveo', 'nav.aveo'),
  route('/badata', 'nav.badata'),
  route('/binance/trading', 'nav.binanceTrading'),
  route('/binance/currency', 'nav.binanceCurrency'),
];

/** Spec §2 redirects inside the console. */
export const consoleRedirects: Record<string, string> = {
  '/main': '/market',
  '/main/index': '/main/index/unilateral',
  '/user': '/user/index',
  '/unilateral': '/main/index/unilateral',
};

/** Top navigation (spec §2), shown according to permission. */
export interface NavItem {
  path: string;
  label: string;
  children?: NavItem[];
}

const nav = (path: string, label: string, children?: NavItem[]): NavItem => ({ path, label, children });

export const topNavigation: NavItem[] = [
  nav('/market', 'nav.market'),
  nav('/api', 'nav.api'),
  nav('/assets', 'nav.assets', [nav('/assets', 'nav.assetsEquity'), nav('/assets/snapshot', 'nav.assetsSnapshot')]),
  nav('/statistic', 'nav.statistic'),
  nav('/task', 'nav.taskGroup', [nav('/task', 'nav.task'), nav('/config', 'nav.config'), nav('/demand', 'nav.demand')]),
  nav('/strategy', 'nav.strategy'),
  nav('/main/index', 'nav.unilateralGroup', [nav('/main/index/unilateral', 'nav.unilateral'), nav('/main/index/api', 'nav.unilateralApi')]),
  nav('/main/mobile', 'nav.mobile'),
  nav('/main/tempStrategy', 'nav.tempStrategy'),
  nav('/main/mill1', 'nav.mill1'),
  nav('/main/mill2', 'nav.mill2'),
  nav('/coins', 'nav.coins'),
  nav('/signal', 'nav.signal'),
  nav('/simulate', 'nav.simulate'),
  nav('/aveo', 'nav.aveo'),
  nav('/badata', 'nav.badata'),
  nav('/binance/trading', 'nav.binanceTrading'),
  nav('/binance/currency', 'nav.binanceCurrency'),
];

/** The navigation a user with these allowed paths sees: a group shows when any child is allowed. */
export function visibleNavigation(items: NavItem[], allowed: (path: string) => boolean): NavItem[] {
  return items.flatMap((item) => {
    if (!item.children) return allowed(item.path) ? [item] : [];
    const children = visibleNavigation(item.children, allowed);
    return children.length ? [{ ...item, children }] : [];
  });
}

export const refineResources: ResourceProps[] = consoleRoutes
  .filter((r) => r.resource)
  .map((r) => ({ ...r.resource!, list: r.path, meta: { label: r.label, ...r.resource!.meta } }));
