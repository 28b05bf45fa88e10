import type { AccessControlProvider } from '@refinedev/core';
import { readSession } from './session';
import { isPathAllowed, loadPermissions } from './permissions';

/** Actions only the super user may take (spec §6). */
export const SUPER_ACTIONS = [
  'strategy.add',
  'strategy.config',
  'strategy.delete',
  'strategy.params',
  'globalConfig.save',
  'unilateral.status',
  'unilateral.operations',
  'monitoring.status',
] as const;

/** Per-action keys of the unilateral strategy list, checked against the user's strategy list (spec §6). */
export const STRATEGY_KEYS = [
  'strategy_start',
  'strategy_stop',
  'strategy_update',
  'strategy_all_preserve',
  'strategy_details',
  'strategy_add_task',
  'strategy_hide',
  'strategy_show',
] as const;

/** Opening a route: `can({ action: OPEN, params: { path } })`. */
export const OPEN = 'open';

const includes = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

export const accessControlProvider: AccessControlProvider = {
  can: async ({ action, params, resource }) => {
    const session = readSession();
    if (!session) return { can: false, reason: 'signed out' };
    if (includes(SUPER_ACTIONS, action)) {
      // the unilateral side's admin is userLevel 1 (spec §6)
      return { can: session.isSuper || (session.kind === 'unilateral' && session.level === 1) };
    }
    if (action === OPEN) {
      const { columns } = await loadPermissions();
      return { can: isPathAllowed(String(params?.path ?? resource ?? ''), columns) };
    }
    if (includes(STRATEGY_KEYS, action)) {
      const { strategy } = await loadPermissions();
      return { can: strategy.includes(action) };
    }
    return { can: true };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
