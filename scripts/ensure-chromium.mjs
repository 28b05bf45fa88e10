// Finds the Chromium that the end-to-end tests and the benchmark drive (Debian's packages, never a
// Playwright download: this machine's network is closed). Installs it with apt-get when it is missing
// and we are root on Debian. Run directly (`node scripts/ensure-chromium.mjs [--tests]`) it prints the path.
// - The benchmark measures what a user's browser does: Debian's `chromium`, the whole browser.
// - The end-to-end tests drive Debian's `chromium-headless-shell` when it is there (installed like the browser):
//   the same Blink and V8 without the browser's own layer (its UI process, its new-tab page), what Playwright
//   drives for headless tests by default. It took ~23 % less of Chromium's CPU on the same specs (2026-11-29).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const DEBIAN_PATH = '/usr/bin/chromium';
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** Flags for a closed network: without the background-networking ones Chromium keeps dialling out. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function hasAptGet() {
  return ['/usr/bin/apt-get', '/bin/apt-get'].some((p) => existsSync(p));
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Installs Debian packages (and the CJK fonts the pages need) when root on Debian; false when it cannot or apt fails. */
function install(packages) {
  if (!isRoot() || !hasAptGet()) return false;
  console.log(`[chromium] installing Debian packages ${packages.join(', ')} and fonts-noto-cjk`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', ...packages, 'fonts-noto-cjk'], { stdio: 'inherit', env });
    return true;
  } catch (error) {
    console.log(`[chromium] apt-get failed: ${error instanceof Error ? error.message : error}`);
    return false;
  }
}

/** CHROMIUM_PATH when set (it must exist). */
function fromEnv() {
  const path = process.env.CHROMIUM_PATH;
  if (path && !existsSync(path)) throw new Error(`CHROMIUM_PATH is set to ${path}, but no file is there.`);
  return path;
}

const missing = () =>
  new Error(
    'No Chromium found. Install the Debian package `chromium` (apt-get install chromium fonts-noto-cjk, as root), ' +
      'or set CHROMIUM_PATH to a Chromium/Chrome executable. Do not run `playwright install`.',
  );

/** The path of the whole browser (the benchmark's); installs Debian's `chromium` if it must and can. */
export function chromiumPath() {
  const path = fromEnv();
  if (path) return path;
  if (existsSync(DEBIAN_PATH) || (install(['chromium']) && existsSync(DEBIAN_PATH))) return DEBIAN_PATH;
  throw missing();
}

/**
 * The end-to-end tests' Chromium: CHROMIUM_PATH, else the headless shell (installed if it must and can), else the
 * whole browser.
 */
export function testChromiumPath() {
  const path = fromEnv();
  if (path) return path;
  if (existsSync(HEADLESS_SHELL_PATH) || (install(['chromium-headless-shell']) && existsSync(HEADLESS_SHELL_PATH))) return HEADLESS_SHELL_PATH;
  return chromiumPath();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(process.argv.includes('--tests') ? testChromiumPath() : chromiumPath());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
