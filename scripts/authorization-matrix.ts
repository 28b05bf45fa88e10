/**
 * The authorization matrix (docs/AUTHORIZATION.md), written from the data the console and the server
 * both read: each call's permission entry (contract/access/calls.ts), its rule (contract/rules/permissions.ts) and
 * the demo accounts' permission lists (server/demo-accounts.ts); and whose objects each call and feed
 * that names an id answers for (contract/ownership/calls.ts). tests/server/security-authorization checks that
 * the document is these tables and that the server answers every id as they say, for every role;
 * tests/server/permissions.test.ts that it answers every call and feed as the permission table says.
 *   npx tsx scripts/authorization-matrix.ts   rewrites docs/AUTHORIZATION.md
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALL_ACCESS } from '#contract/access/calls';
import { endpointNames, endpoints, type EndpointName } from '#contract/endpoints';
import { CALL_IDS, ID_KINDS, kindOf, reachOf, type IdSpec, type Reach } from '#contract/ownership/calls';
import { FEED_IDS } from '#contract/ownership/feeds';
import { FEED_ACCESS } from '#contract/access/feeds';
import { feeds, type FeedName } from '#contract/feeds';
import { demoAccount } from '../server/demo-accounts';
import { PUBLIC, can, ruleOf, type Access, type Rule, type Subject } from '#contract/rules/permissions';

export const ROLES = ['anonymous', 'follower', 'manager', 'trader', 'admin'] as const;
/** The signed-in roles: the demo accounts (README), one of each role. */
export const USERS = ['follower', 'manager', 'trader', 'admin'] as const satisfies readonly Role[];
export type User = (typeof USERS)[number];
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
      return group(
        rule.rules.map((r) => describeRule(r, true)),
        ' and ',
      );
    case 'anyOf':
      return group(
        rule.rules.map((r) => describeRule(r, true)),
        ' or ',
      );
  }
}

/** The unilateral admin (super user or pes 1, spec §6): sees hidden strategies, and every follow task in the lists. */
export const isUnilateralAdmin = (role: Role): boolean => can(subjectOf(role), 'unilateral-strategies', 'status');

/** Whose objects of an id's kind this role may name in a call it is permitted to make. */
export function reachFor(spec: IdSpec, role: User): Reach {
  const reach = reachOf(spec);
  return reach === 'shown' && isUnilateralAdmin(role) ? 'shared' : reach;
}

const REACH_MARK: Record<Reach, string> = { own: 'own', ownOrDemo: 'own + demo', shared: 'any', shown: 'shown', none: 'n/a' };

/** One row per id a call or feed names: the kind, and per role whose objects it answers for (✗: the role may not make the call). */
function ownershipRows(): string[] {
  const rows: string[] = [];
  const row = (what: string, field: string, spec: IdSpec, allowedTo: (role: User) => boolean) =>
    rows.push(
      `| ${what} | \`${field}\` | ${ID_KINDS[kindOf(spec)]} | ${USERS.map((role) => (allowedTo(role) ? REACH_MARK[reachFor(spec, role)] : '✗')).join(' | ')} |`,
    );
  for (const name of endpointNames as EndpointName[]) {
    for (const [field, spec] of Object.entries(CALL_IDS[name] as Record<string, IdSpec>))
      row(`\`${name}\``, field, spec, (role) => allowed(CALL_ACCESS[name], role));
  }
  for (const [name, spec] of Object.entries(FEED_IDS) as [FeedName, IdSpec][])
    row(`feed \`${name}\` (${feeds[name].path})`, 'data', spec, (role) => allowed(FEED_ACCESS[name], role));
  return rows;
}

export function authorizationMarkdown(): string {
  const lines = [
    '# Authorization matrix',
    '',
    'Written by `npx tsx scripts/authorization-matrix.ts` from the data the console and the server read: each',
    "call's permission entry (`contract/access/calls.ts`), that entry's rule (`contract/rules/permissions.ts`, spec §6), the",
    "demo accounts' permission lists (`server/demo-accounts.ts`, README) and whose objects each id a call or",
    'feed names may be (`contract/ownership/calls.ts`). Do not edit by hand: `tests/server/security-authorization.test.ts`',
    'fails when this file differs from the data, and proves both tables against the reference server for every',
    'role; `tests/server/permissions.test.ts` calls every entry of the first as each role.',
    '',
    'The roles are the demo accounts: `follower` (unilateral account, pes 2), `manager` (unilateral manager, pes 1,',
    'not a super user), `trader` (ordinary user) and `admin` (the super user).',
    '',
    '## Who may make each call',
    '',
    '✓ answered, ✗ refused (code 403, or code 3 signed out).',
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
  lines.push(
    '',
    '## Whose objects each id may name',
    '',
    'Every id a call or feed names (each id field of the payload types in `contract/calls.ts`: a call that gains one',
    'and is not listed in `contract/ownership/calls.ts` does not compile), and per role whose objects it answers for:',
    '',
    "- **own**: the caller's own only. Another user's id is answered exactly as an id that does not exist: the",
    '  same refusal (code 404 and message), or nothing of it in a list, and nothing changes.',
    "- **own + demo**: the caller's own and the demo paper runs the server seeds for everyone to read.",
    '- **any**: objects that have no owner, shared by everyone the call is permitted to.',
    '- **shown**: shared unilateral strategies, except hidden ones (target 0), answered as ids that do not exist.',
    "- **n/a**: not a user's object (reference data, a captcha, a position in a list that is already the caller's own, a",
    '  field the call does not read).',
    '- ✗: the role may not make the call at all (the table above).',
    '',
    "No role has power over another user's API accounts, tasks, child tasks, follow tasks, alerts, alert rules, paper",
    'runs, miner models or Binance blacklists (kept per Binance API account) — not the super user, not the unilateral',
    'manager. What spec §6 gives the super user is over objects that have no owner: the arbitrage strategy library',
    '(add, configure, delete: `strategies.create/edit/delete` above), the global config, and the unilateral',
    "strategies' status and operations, which it shares with the unilateral manager through the `strategy_*` keys",
    '(both see hidden strategies: **any** where others have **shown**).',
    '',
    "Lists name no id but show only what the caller may name: every role's follow-task lists (`unilateralApiList`,",
    "`accountPage`, `unilateralAllData`, the `unilateral` feed, a strategy's `task_ids`) hold its own tasks. The one",
    "view of other users' follow tasks is the monitoring's API view (`unilateralMonitoringDetail` target 2, and",
    'the monitoring the `unilateral` feed sends the unilateral admin): the super user and a pes-1 login see every',
    'user\'s task there, a name and a status light each (spec §2 monitoring page "visible to admins", §6 monitoring',
    'status lights); it reads, changes or stops none of them.',
    '',
    `| call or feed | id | names | ${USERS.join(' | ')} |`,
    `| --- | --- | --- | ${USERS.map(() => ':-:').join(' | ')} |`,
    ...ownershipRows(),
  );
  return `${lines.join('\n')}\n`;
}

export const MATRIX_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/AUTHORIZATION.md');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(MATRIX_FILE, authorizationMarkdown());
  console.log(`[authorization] ${path.relative(process.cwd(), MATRIX_FILE)}: ${endpointNames.length} calls`);
}
