import { call } from '../api/client';
import type { PermissionData } from '#contract/types/account';
import type { Subject } from '#contract/rules/permissions';
import type { Session } from './session';

/** The permission list is loaded once per session (spec §2 route guard) and dropped on logout. */
let pending: Promise<PermissionData> | null = null;

export function loadPermissions(): Promise<PermissionData> {
  pending ??= call('permissions').catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

export function resetPermissions(): void {
  pending = null;
}

/**
 * Who the permission table is asked about: the permission list as the server sent it. A backend that
 * does not send `pes` in it: the level of a unilateral login stands in (spec §6).
 */
export function subjectOf(data: PermissionData, session: Session): Subject {
  return {
    isSuper: Number(data.is_super) === 1,
    pes: data.pes ?? (session.kind === 'unilateral' ? session.level : 0),
    columns: data.columns ?? [],
    strategyKeys: data.strategy ?? [],
  };
}
