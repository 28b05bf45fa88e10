// The lanes' test reporter (tests/e2e/lane.ts): node:test's spec reporter, plus a line the runner splits the
// lane's output on after each spec file, with the file's result.
import { spec } from 'node:test/reporters';

export const FILE_DONE = '@@e2e-file-done';

export default async function* laneReporter(source) {
  const text = new spec();
  for await (const event of source) {
    text.write(event);
    for (let chunk = text.read(); chunk !== null; chunk = text.read()) yield chunk;
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0) {
      yield `${FILE_DONE} ${event.type === 'test:pass' ? 'passed' : 'failed'} ${event.data.name}\n`;
    }
  }
  text.end();
  for (let chunk = text.read(); chunk !== null; chunk = text.read()) yield chunk;
}
