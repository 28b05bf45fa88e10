// @vitest-environment node
/**
 * A user given one page's column alone can use that page: every call the page makes is permitted (it may refuse
 * the payload or find nothing, never 403). The pages here read other areas' data; the calls each makes are the
 * ones its components name (src/features/…, listed beside each page).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointNames, type EndpointName } from '#contract/endpoints';
import { hashPassword } from '../../server/http/auth';
import { insertUser } from '../../server/store/users';
import { startTestServer, TEST_PASSWORD_COST, type TestServer } from './helpers';

/** Each page's column, the files of its components, and the calls they make. */
const PAGES: Record<string, { files: readonly string[]; calls: readonly EndpointName[] }> = {
  '/coins': { files: ['tools/coins.tsx'], calls: ['coinRangeGet', 'coinRangeSave', 'currencyBlacklistGet', 'currencyBlacklistSave'] },
  '/badata': {
    files: ['tools/badata.tsx'],
    calls: ['internalKline', 'strategyData', 'pagesData', 'unilateralApiList', 'apiData', 'unilateralStrategyList'],
  },
  '/main/tempStrategy': {
    files: ['tools/paper/temp-strategy.tsx', 'tools/paper/run-detail.tsx'],
    calls: ['strategyHome', 'paperStart', 'paperStop', 'simulatedData', 'simulatedOrderDetail'],
  },
  '/temp/strategy': {
    files: ['tools/paper/temp-strategy.tsx', 'tools/paper/run-detail.tsx'],
    calls: ['strategyHome', 'paperStart', 'paperStop', 'simulatedData', 'simulatedOrderDetail'],
  },
  '/signal': { files: ['tools/signal.tsx'], calls: ['unilateralApiList', 'signalList', 'followSignalGet', 'followSignalSave'] },
  '/unilateral/statistic': {
    files: ['unilateral/statistic/index.tsx'],
    calls: ['strategyData', 'pagesData', 'unilateralRetreatIndicators', 'unilateralTransactionIdentifier'],
  },
  '/main/index/api/detail': {
    files: ['unilateral/api-detail.tsx'],
    calls: ['apiData', 'accountPage', 'followAssetRateChart', 'followOrderDetail', 'followTaskDetail'],
  },
};
/** Calls a page names that a user of that page alone is refused, on purpose (the page says why). */
const NOT_FOR_THE_PAGE_ALONE: Partial<Record<EndpointName, string>> = { strategySaveFiles: 'saving a run as a library strategy is the super user’s' };
/** Pages that name a call through a shared part (another page's component), not in their own files. */
const SHARED: Record<string, readonly EndpointName[]> = {
  // the add-task dialog picks a strategy of the library; the follow dialog picks a strategy and the accounts
  '/task': ['strategyHome'],
  '/main/index/api': ['unilateralStrategyList', 'unilateralApiList'],
};
const PAGE_CALLS: Record<string, readonly EndpointName[]> = { ...Object.fromEntries(Object.entries(PAGES).map(([c, p]) => [c, p.calls])), ...SHARED };

let t: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await startTestServer();
  const { db } = t.server.context;
  const passwordHash = await hashPassword('page-user-1', TEST_PASSWORD_COST);
  for (const [i, column] of Object.keys(PAGE_CALLS).entries()) {
    const username = `page${i}`;
    await insertUser(db, { username, passwordHash, telPhone: '', isSuper: 0, level: 1, pes: 0, columns: [column], strategyKeys: [], createdAt: t.clock.now() });
    tokens.set(column, await t.login(username, 'page-user-1'));
  }
});
afterAll(() => t.stop());

describe("a user holding one page's column alone", () => {
  it.each(Object.entries(PAGE_CALLS))('%s: every call the page makes is permitted', async (column, calls) => {
    for (const name of calls) {
      const reply = await t.call(name, {}, { token: tokens.get(column) });
      expect(reply.code, `${name}: ${reply.info}`).not.toBe(403);
    }
  });

  it.each(Object.entries(PAGES))('%s: the list of its calls is the one its files make', (_column, page) => {
    const named = new Set(
      page.files.flatMap((file) => {
        const source = readFileSync(`src/features/${file}`, 'utf8');
        return endpointNames.filter((name) => source.includes(`'${name}'`) && !NOT_FOR_THE_PAGE_ALONE[name]);
      }),
    );
    expect([...named].sort()).toEqual([...page.calls].sort());
  });

  it('is still refused what the page does not use', async () => {
    const reply = await t.call('globalConfigGet', {}, { token: tokens.get('/coins') });
    expect(reply.code).toBe(403);
  });
});
