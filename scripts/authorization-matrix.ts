/**
 * The authorization matrix (docs/AUTHORIZATION.md), written from the data the console and the server
 * both read: each call's permission entry (src/api/access.ts), its rule (src/domain/permissions.ts) and
 * the demo accounts' permission lists (src/domain/demo-accounts.ts). tests/server/security-authorization
 * checks that the document is this table; tests/server/permissions.test.ts that the server answers
 * every call and feed as it says.
 *   npx tsx scripts/authorization-matrix.ts   rewrites docs/AUTHORIZATION.md
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALL_ACCESS } from '../src/api/access';
import { endpointNames, endpoints } from '../src/api/endpoints';
import { demoAccount } from '../src/domain/demo-accounts';
import { PUBLIC, can, ruleOf, type Access, type Rule, type Subject } from '../src/domain/permissions';

export const ROLES = ['anonymous', 'follower', 'trader', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The subject each role is: a demo account's permission list, or nobody. */
export function subjectOf(role: Role): Subject | null {
  if (role === 'anonymous') return null;
  const account = demoAccount(role);
  return { isSuper: account.isSuper === 1, pes: account.pes, columns: account.columns, strategyKeys: account.strategyKeys };
}

/** May this role make a call or open a feed with this entry (what the server's permission check answers)? */
export const allowed = (access: Access | typeof PUBLIC, role: Role): boolean => access === PUBLIC || can(subjectOf(role), access.resource, access.action);

export function describeRule(rule: Rule, nested = false): string {
  const group = (parts: string[], joiner: string) => (nested && parts.length > 1 ? `(${parts.join(joiner)})` : parts.join(joiner));
  switch (rule.kind) {
    case 'signedIn':
      return 'signed in';
    case 'super':
      return 'super user';
    case 'unilateralAdmin':
      return 'super user or pes 1';
    case 'strategyKey':
      return `\`${rule.key}\``;
    case 'column':
      return `column \`${rule.path}\``;
    case 'allOf':
      return group(rule.rules.map((r) => describeRule(r, true)), ' and ');
    case 'anyOf':
      return group(rule.rules.map((r) => describeRule(r, true)), ' or ');
  }
}

export function authorizationMarkdown(): string {
  const lines = [
    '# Authorization matrix',
    '',
    'Written by `npx tsx scripts/authorization-matrix.ts` from the data the console and the server read: each',
    "call's permission entry (`src/api/access.ts`), that entry's rule (`src/domain/permissions.ts`, spec §6) and",
    "the demo accounts' permission lists (`src/domain/demo-accounts.ts`). Do not edit by hand:",
    '`tests/server/security-authorization.test.ts` fails when this file differs from the data, and calls every',
    'entry as each role against the reference server (✓ answered, ✗ refused: code 403, or code 3 signed out).',
    '',
    'Besides this table every call that names an API account, a task, a child task or a follow task answers only',
    "for the caller's own (a trader sending the super user's `apiId` or `taskId` gets a refusal, the same as for",
    'an id that does not exist).',
    '',
    `| call | request | entry | rule | ${ROLES.join(' | ')} |`,
    `| --- | --- | --- | --- | ${ROLES.map(() => ':-:').join(' | ')} |`,
  ];
  for (const name of endpointNames) {
    const access = CALL_ACCESS[name];
    const { method, path: url } = endpoints[name];
    const entry = access === PUBLIC ? 'public' : `${access.resource}.${access.action}`;
    const rule = access === PUBLIC ? 'anyone' : describeRule(ruleOf(access.resource, access.action)!);
    const marks = ROLES.map((role) => (allowed(access, role) ? '✓' : '✗'));
    lines.push(`| \`${name}\` | ${method} \`${url}\` | ${entry} | ${rule} | ${marks.join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

export const MATRIX_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/AUTHORIZATION.md');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(MATRIX_FILE, authorizationMarkdown());
  console.log(`[authorization] ${path.relative(process.cwd(), MATRIX_FILE)}: ${endpointNames.length} calls`);
}
