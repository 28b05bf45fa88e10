import { consoleRoutes } from '../../src/console/routes';
import { consoleRoutePaths } from '../e2e/route-paths';

// The accessibility specs (tests/e2e/a11y*.spec.ts) read the route paths from the table's source, as Node cannot
// import the table itself: the list they read is the table's, in its order, so every route is checked.
test('the e2e route list is the route table', () => {
  expect(consoleRoutePaths()).toEqual(consoleRoutes.map((r) => r.path));
  expect(consoleRoutePaths().length).toBeGreaterThan(30);
});
