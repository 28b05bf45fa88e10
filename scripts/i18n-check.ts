// `npm run i18n:check` (docs/TRANSLATING.md): checks every language folder of contract/locales against
// zh-CN, the source, and the code of src/ and contract/ for text that does not go through i18next. It prints one line per
// finding, naming the language, the file and the key (or the source file and line), and exits 1 on any.
//
//   missing       a key of zh-CN the language lacks (it would show in Chinese)
//   extra         a key the language has and zh-CN does not (a typo, or a key zh-CN dropped)
//   variables     {{variables}} that differ from zh-CN's for the same key
//   plural        a plural form (key_one, key_other…) the language needs and lacks (Intl.PluralRules)
//   unused        a key of zh-CN no code of src/, contract/ or server/ names (reported once, for zh-CN)
//   literal       text in src/ or contract/ that the user sees without i18next: Chinese anywhere in
//                 a string or JSX text, English words in JSX text or in a title, message, placeholder,
//                 label, tooltip or notification prop. `// i18n-ignore` on the line (or the line above)
//                 keeps a literal that is not a text (a brand, a unit).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const SOURCE_LANGUAGE = 'zh-CN';
/** Not a namespace: the language's own name for the header's switcher. */
const NAME_FILE = 'language.json';
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const VARIABLE = /\{\{\s*([^},\s]+)[^}]*\}\}/g;
const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e]/;
const ENGLISH_WORD = /[A-Za-z]{2,}/;
/** a name in code, not a text: a key ('pages.home.title', 'task:list'), a field or an identifier ('time', 'firstPage') */
const CODE_NAME = /^([\w-]+[.:])*[a-z][\w-]*$/;
const TEXT_PROPS = new Set(['title', 'message', 'placeholder', 'label', 'tooltip', 'notification', 'description', 'okText', 'cancelText']);

export interface Finding {
  kind: 'missing' | 'extra' | 'variables' | 'plural' | 'unused' | 'literal';
  /** a language, or 'src' for a literal */
  language: string;
  /** locale file (contract/locales/en/task.json) or source file */
  file: string;
  /** the key, or the line of a literal */
  where: string;
  detail: string;
}

type Texts = Map<string, string>;

/** Every leaf of a namespace as 'a.b.c' → text. */
function flatten(value: unknown, prefix = '', into: Texts = new Map()): Texts {
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else into.set(prefix, String(value));
  return into;
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const namespacesOf = (dir: string) => readdirSync(dir).filter((file) => file.endsWith('.json') && file !== NAME_FILE);
const variablesOf = (text: string) => [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))].sort().join(', ');

/** The plural categories a language needs, e.g. en → one, other; zh → other. */
function pluralCategories(language: string): string[] {
  try {
    return new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  } catch {
    return ['one', 'other'];
  }
}

/** Keys, variables and plural forms of every language against zh-CN. */
export function checkLocales(localesDir: string, relativeTo: string): Finding[] {
  const findings: Finding[] = [];
  const sourceDir = path.join(localesDir, SOURCE_LANGUAGE);
  const languages = readdirSync(localesDir).filter((lng) => lng !== SOURCE_LANGUAGE && statSync(path.join(localesDir, lng)).isDirectory());
  for (const language of languages) {
    const dir = path.join(localesDir, language);
    const categories = pluralCategories(language);
    const nameFile = path.join(dir, NAME_FILE);
    const names = statSafe(nameFile) ? flatten(readJson(nameFile)) : new Map<string, string>();
    for (const key of ['name', 'short']) {
      if (!names.get(key))
        findings.push({ kind: 'missing', language, file: path.relative(relativeTo, nameFile), where: key, detail: 'the language’s own name for the header' });
    }
    for (const ns of new Set([...namespacesOf(sourceDir), ...namespacesOf(dir)])) {
      const file = path.relative(relativeTo, path.join(dir, ns));
      let source: Texts = new Map();
      let target: Texts = new Map();
      try {
        source = flatten(readJson(path.join(sourceDir, ns)));
      } catch {
        // a namespace zh-CN does not have: every key of it is extra
      }
      try {
        target = flatten(readJson(path.join(dir, ns)));
      } catch (error) {
        if (statSafe(path.join(dir, ns))) {
          // one line for a broken file, not one per key
          findings.push({ kind: 'missing', language, file, where: '(whole file)', detail: `not valid JSON: ${(error as Error).message}` });
          continue;
        }
      }
      // plural families are compared by their base key; their forms by the language's categories
      const base = (key: string) => key.replace(PLURAL_SUFFIX, '');
      const sourceBases = new Map<string, string>();
      for (const [key, text] of source) sourceBases.set(base(key), text);
      for (const [key, text] of source) {
        if (PLURAL_SUFFIX.test(key)) continue;
        if (!target.has(key)) findings.push({ kind: 'missing', language, file, where: key, detail: `zh-CN: ${JSON.stringify(text)}` });
        else if (variablesOf(target.get(key)!) !== variablesOf(text)) {
          findings.push({ kind: 'variables', language, file, where: key, detail: `has {${variablesOf(target.get(key)!)}}, zh-CN has {${variablesOf(text)}}` });
        }
      }
      const pluralBases = new Set([...source.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map(base));
      for (const family of pluralBases) {
        const wanted = variablesOf(
          [...source]
            .filter(([key]) => base(key) === family)
            .map(([, text]) => text)
            .join(' '),
        );
        for (const category of categories) {
          const key = `${family}_${category}`;
          if (!target.has(key)) findings.push({ kind: 'plural', language, file, where: key, detail: `${language} needs the forms ${categories.join(', ')}` });
          else if (variablesOf(target.get(key)!) !== wanted) {
            findings.push({ kind: 'variables', language, file, where: key, detail: `has {${variablesOf(target.get(key)!)}}, zh-CN has {${wanted}}` });
          }
        }
      }
      for (const key of target.keys()) {
        if (!sourceBases.has(base(key)) && !(PLURAL_SUFFIX.test(key) && pluralBases.has(base(key)))) {
          findings.push({ kind: 'extra', language, file, where: key, detail: 'zh-CN has no such key' });
        }
      }
    }
  }
  return findings;
}

function statSafe(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function sourceFiles(dir: string, skip: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === skip ? [] : sourceFiles(full, skip);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

interface SourceScan {
  literals: Finding[];
  /** every string of the code, and the fixed start and end of every template (`colors.${x}` → 'colors.') */
  strings: Set<string>;
  heads: Set<string>;
  tails: Set<string>;
}

/**
 * Literal texts, and the strings that may name keys, of every .ts/.tsx file under the source folders (but
 * localesDir); `libraries` (files) only name keys: their literals are not the console's.
 */
export function scanSources(srcDirs: readonly string[], localesDir: string, relativeTo: string, libraries: readonly string[] = []): SourceScan {
  const scan: SourceScan = { literals: [], strings: new Set(), heads: new Set(), tails: new Set() };
  const sources = srcDirs.flatMap((dir) => (existsSync(dir) ? sourceFiles(dir, localesDir) : []));
  for (const file of [...sources, ...libraries]) {
    const library = !sources.includes(file);
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS,
    );
    const lines = text.split('\n');
    const ignored = (line: number) => /i18n-ignore/.test(lines[line] ?? '') || /i18n-ignore/.test(lines[line - 1] ?? '');
    const report = (node: ts.Node | number, literal: string, how: string) => {
      if (library) return;
      const line = source.getLineAndCharacterOfPosition(typeof node === 'number' ? node : node.getStart(source)).line;
      if (ignored(line)) return;
      scan.literals.push({
        kind: 'literal',
        language: 'src',
        file: path.relative(relativeTo, file),
        where: String(line + 1),
        detail: `${how}: ${JSON.stringify(literal.trim().slice(0, 60))}`,
      });
    };
    /** the prop or property a string is the value of, if any */
    const propName = (node: ts.Node): string | undefined => {
      let parent = node.parent;
      if (parent && ts.isJsxExpression(parent)) parent = parent.parent;
      if (parent && (ts.isJsxAttribute(parent) || ts.isPropertyAssignment(parent)) && parent.initializer === node) return parent.name.getText(source);
      if (parent && ts.isJsxAttribute(parent) && parent.initializer && ts.isJsxExpression(parent.initializer)) return parent.name.getText(source);
      return undefined;
    };
    /** inside `throw {...}` or `new Error(...)`: a message for developers (the console shows its own text for it) */
    const thrown = (node: ts.Node): boolean => {
      for (let at: ts.Node | undefined = node; at && !ts.isFunctionLike(at); at = at.parent) {
        if (ts.isThrowStatement(at) || (ts.isNewExpression(at) && /Error$/.test(at.expression.getText(source)))) return true;
      }
      return false;
    };
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        scan.strings.add(node.text);
        const prop = propName(node);
        if (CJK.test(node.text)) report(node, node.text, prop ? `${prop}=` : 'Chinese string');
        else if (prop && TEXT_PROPS.has(prop) && ENGLISH_WORD.test(node.text) && !CODE_NAME.test(node.text) && !thrown(node))
          report(node, node.text, `${prop}=`);
      } else if (ts.isTemplateExpression(node)) {
        scan.heads.add(node.head.text);
        scan.tails.add(node.templateSpans[node.templateSpans.length - 1]!.literal.text);
        const fixed = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
        if (CJK.test(fixed)) report(node, fixed, 'Chinese template');
      } else if (ts.isJsxText(node)) {
        const shown = node.text.trim();
        if (shown && (CJK.test(shown) || ENGLISH_WORD.test(shown))) report(node, shown, 'JSX text');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    // Chinese in a comment is Chinese outside the locale files too: the message belongs in the locale file, under its key
    const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, source.languageVariant, text);
    for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
      const comment = kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia;
      if (comment && CJK.test(scanner.getTokenText())) report(scanner.getTokenStart(), scanner.getTokenText(), 'Chinese comment');
    }
  }
  return scan;
}

/** zh-CN keys no code names: neither as a string ('task:list.title', 'list.title', 'title' under a t of a
 *  prefix) nor through a template's fixed part (`colors.${scheme}`). Plural forms count as their base key. */
export function unusedKeys(localesDir: string, scan: SourceScan, relativeTo: string): Finding[] {
  const findings: Finding[] = [];
  const names = new Set<string>();
  for (const s of scan.strings) {
    names.add(s);
    const colon = s.indexOf(':');
    if (colon > 0) names.add(s.slice(colon + 1));
  }
  const keyLike = (part: string) => /^[\w.-]+$/.test(part) && /[A-Za-z]/.test(part);
  const heads = [...scan.heads].map((p) => p.replace(/^[\w-]+:/, '')).filter((p) => keyLike(p) && p.endsWith('.'));
  const tails = [...scan.tails].filter((p) => keyLike(p) && p.startsWith('.'));
  const dir = path.join(localesDir, SOURCE_LANGUAGE);
  for (const ns of namespacesOf(dir)) {
    const file = path.relative(relativeTo, path.join(dir, ns));
    for (const key of flatten(readJson(path.join(dir, ns))).keys()) {
      const base = key.replace(PLURAL_SUFFIX, '');
      const used =
        names.has(base) ||
        // a key made by a template: `colors.${scheme}` (its start) or `${prefix}.title` (its end)
        heads.some((head) => base.startsWith(head)) ||
        tails.some((tail) => base.endsWith(tail));
      if (!used) findings.push({ kind: 'unused', language: SOURCE_LANGUAGE, file, where: key, detail: 'no code names this key' });
    }
  }
  return findings;
}

/** Libraries that ask our i18nProvider for keys of their own (Refine's buttons.${action}, notifications.success…). */
const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIBRARIES = ['@refinedev/core/dist/index.mjs', '@refinedev/antd/dist/index.mjs'].map((file) => path.join(PROJECT, 'node_modules', file));

/**
 * Every finding for the project at root: its locale files, the console (src/) and the contract (contract/)
 * both sides share; the server (server/) names keys too: its answers in the caller's language, its own texts
 * each language's server.json, checked like every namespace.
 */
export function checkAll(root: string): Finding[] {
  const src = path.join(root, 'src');
  const contract = path.join(root, 'contract');
  const locales = path.join(contract, 'locales');
  const server = path.join(root, 'server');
  const serverFiles = existsSync(server) ? sourceFiles(server, locales) : [];
  const scan = scanSources([src, contract], locales, root, [...LIBRARIES, ...serverFiles]);
  return [...checkLocales(locales, root), ...unusedKeys(locales, scan, root), ...scan.literals];
}

const ORDER: Finding['kind'][] = ['missing', 'plural', 'variables', 'extra', 'unused', 'literal'];

export function formatFindings(findings: Finding[]): string {
  const sorted = [...findings].sort(
    (a, b) => a.language.localeCompare(b.language) || ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) || a.file.localeCompare(b.file),
  );
  return sorted
    .map((f) =>
      f.kind === 'literal' ? `literal   ${f.file}:${f.where}  ${f.detail}` : `${f.kind.padEnd(9)} ${f.language}  ${f.file}  ${f.where}  ${f.detail}`,
    )
    .join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const findings = checkAll(PROJECT);
  if (findings.length === 0) {
    console.log('i18n check: every language has every key of zh-CN, and src/ and contract/ have no literal text.');
  } else {
    console.log(formatFindings(findings));
    const counts = ORDER.map((kind) => [kind, findings.filter((f) => f.kind === kind).length] as const).filter(([, n]) => n);
    console.log(`\ni18n check: ${findings.length} finding(s): ${counts.map(([kind, n]) => `${n} ${kind}`).join(', ')} (docs/TRANSLATING.md explains each)`);
    process.exitCode = 1;
  }
}
