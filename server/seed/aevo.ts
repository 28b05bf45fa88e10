/**
 * Demo data of the aevo tool page, once per data folder: the admin's and the trader's fills of the week
 * before the last pull, which was PENDING_MS ago, so the page's first "sync now" brings the fills made since.
 */
import type { AppContext } from '../context';
import { seedOnce } from '../store/meta';
import { findUserByName } from '../store/users';
import { syncAevo } from '../aevo/fills';

export const AEVO_DEMO_USERS = ['admin', 'trader'] as const;
/** the demo's last pull: six hours before the seed. */
export const PENDING_MS = 6 * 3_600_000;

export async function seedAevo(ctx: Pick<AppContext, 'db' | 'market'>, now: number): Promise<void> {
  const { db, market } = ctx;
  await seedOnce(db, 'aevo', now, () =>
    db.transaction(async (tx) => {
      for (const name of AEVO_DEMO_USERS) {
        const user = await findUserByName(tx, name);
        if (user) await syncAevo(tx, market.sim, user.id, now - PENDING_MS);
      }
    }),
  );
}
