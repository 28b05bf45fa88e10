import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * After the default reporter: the ten slowest test files, each with its whole cost in its worker (environment,
 * setup, import and tests), so that a run says where its time went and a file that grew shows at once.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules.map((module) => {
      const d = module.diagnostic();
      const total = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      return { file: path.relative(process.cwd(), module.moduleId), total, tests: d.duration };
    });
    rows.sort((a, b) => b.total - a.total);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(7);
    console.log('\nThe ten slowest test files (whole cost in the worker; of which tests):');
    for (const row of rows.slice(0, 10)) console.log(`${s(row.total)} ${s(row.tests)}  ${row.file}`);
    const sum = rows.reduce((all, row) => all + row.total, 0);
    console.log(`${s(sum)} in all over ${rows.length} files\n`);
  }
}
