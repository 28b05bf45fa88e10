import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';

/**
 * The docs name only files that exist: a path in backticks under a folder of the repository (a glob matches at
 * least one file), and a bare file name somewhere in the repository. A file moved or removed fails this until the
 * docs say where it went.
 */
const ROOT = resolve(__dirname, '../..');
const DOCS = ['docs/spec-coverage.md', 'README.md', 'server/README.md', 'docs/DEPLOY.md', 'docs/TRANSLATING.md', 'docs/AUTHORIZATION.md', 'bench/README.md'];
const ROOTS = ['src', 'server', 'tests', 'bench', 'scripts', 'docs', 'deploy', 'public', 'contract', '.ci'];
/** Documents of the workplace, outside the repository. */
const OUTSIDE = new Set(['ARCHITECTURE.md', 'STYLE.md', 'console-spec.md']);

const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
const names = new Set(files.map((file) => basename(file)));

/** A glob of the docs (`*` within a name, `**` across folders) as a test over the repository's files. */
const matchesSome = (glob: string): boolean => {
  const pattern = new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*|\*/g, (stars) => (stars === '**' ? '.*' : '[^/]*'))}(/.*)?$`);
  return files.some((file) => pattern.test(file));
};

/** A path as a glob: a placeholder (`<page>`) is any name, a brace (`{a,b}`) each of its names. */
function globsOf(path: string): string[] {
  const brace = /\{([^}]*)\}/.exec(path);
  if (brace) return brace[1]!.split(',').flatMap((part) => globsOf(path.replace(brace[0], part)));
  return [path.replace(/<[^>]+>/g, '*')];
}

/** Output the repository ignores (bench results, the build): named by the docs, made by a command. */
const ignored = (path: string): boolean => {
  try {
    execFileSync('git', ['check-ignore', '-q', path], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
};

describe.each(DOCS)('%s', (doc) => {
  const text = readFileSync(resolve(ROOT, doc), 'utf8');
  const quoted = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);

  it('names paths of the repository that exist', () => {
    const paths = quoted.filter((q) => ROOTS.some((root) => q.startsWith(`${root}/`))).map((q) => q.replace(/[:#].*$/, '').replace(/\/$/, ''));
    expect(paths.length).toBeGreaterThan(0);
    // git is asked only about the paths not found (a process each: asking about every path took ~10 s on a slow machine)
    const missing = [...new Set(paths)]
      .filter((path) => !path.includes('…'))
      .filter((path) => globsOf(path).some((glob) => (glob.includes('*') ? !matchesSome(glob) : !existsSync(resolve(ROOT, glob)))))
      .filter((path) => !ignored(path));
    expect(missing).toEqual([]);
  });

  it('names files that exist somewhere in the repository', () => {
    const bare = quoted.filter((q) => /^[\w.-]+\.(ts|tsx|mjs|sh|md|json|conf)$/.test(q) && !OUTSIDE.has(q));
    expect([...new Set(bare)].filter((name) => !names.has(name))).toEqual([]);
  });
});
