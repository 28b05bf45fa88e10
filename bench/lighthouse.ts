// Lighthouse 13 (the npm package) driving Debian's Chromium through CHROME_PATH: performance score and
// CLS of a page, on Lighthouse's mobile profile (its default: simulated slow 4G, 4x CPU slowdown) or its
// desktop profile. Each run starts from an empty cache and storage (Lighthouse resets them).
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS } from '../scripts/ensure-chromium.mjs';

export type FormFactor = 'mobile' | 'desktop';
export interface LighthouseRun {
  performance: number;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

export async function withChrome<T>(chromePath: string, use: (port: number) => Promise<T>): Promise<T> {
  process.env.CHROME_PATH = chromePath;
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'), '--headless=new'] });
  try {
    return await use(chrome.port);
  } finally {
    chrome.kill();
  }
}

export async function runLighthouse(port: number, url: string, formFactor: FormFactor): Promise<LighthouseRun> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    cls: audit('cumulative-layout-shift'),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
  };
}
