import { call } from '../api/client';
import type { PermissionData } from '../api/types';
import { DEFAULT_ALLOWED_PATHS } from '../domain/constants';

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

/** `/a/b` is covered by `/a/b` and by `/a` (a column opens the pages below it). */
const covers = (allowed: string, path: string) => path === allowed || path.startsWith(`${allowed}/`);

/** A path is allowed if it is a default path or one of the user's permitted columns. */
export function isPathAllowed(path: string, columns: readonly string[]): boolean {
  return [...DEFAULT_ALLOWED_PATHS, ...columns].some((allowed) => covers(allowed, path));
}
