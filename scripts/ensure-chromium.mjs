// Finds the Chromium that the end-to-end tests and the benchmark drive (Debian's package, never a
// Playwright download: this machine's network is closed). Installs it with apt-get when it is missing
// and we are root on Debian. Run directly (`node scripts/ensure-chromium.mjs`) it prints the path.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const DEBIAN_PATH = '/usr/bin/chromium';

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

/** The path of a usable Chromium; installs Debian's `chromium` (+ CJK fonts) if it must and can. */
export function chromiumPath() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but no file is there.`);
    return fromEnv;
  }
  if (existsSync(DEBIAN_PATH)) return DEBIAN_PATH;

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && hasAptGet()) {
    console.log('[chromium] /usr/bin/chromium is missing: installing Debian packages chromium and fonts-noto-cjk');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env });
    if (existsSync(DEBIAN_PATH)) return DEBIAN_PATH;
  }
  throw new Error(
    'No Chromium found. Install the Debian package `chromium` (apt-get install chromium fonts-noto-cjk, as root), ' +
      'or set CHROMIUM_PATH to a Chromium/Chrome executable. Do not run `playwright install`.',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(chromiumPath());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
