import type { AccessControlProvider } from '@refinedev/core';
import { can } from '#contract/rules/permissions';
import { readSession } from './session';
import { loadPermissions, subjectOf } from './permissions';

/**
 * Refine's `can({ resource, action })` answered from the one permission table (contract/rules/permissions.ts):
 * routes, the navigation, `useCan` and Refine's buttons ask it. What the table does not name is denied.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    const session = readSession();
    if (!session) return { can: false, reason: 'signed out' };
    const subject = subjectOf(await loadPermissions(), session);
    return { can: can(subject, resource, action) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
