import { render, screen } from '@testing-library/react';
import { EarningsChart } from '../../src/components/earnings-chart';
import { RatioChart } from '../../src/components/ratio-chart';

/** The user's system asks for less motion (prefers-reduced-motion: reduce); every other media query matches nothing (tests/setup.ts). */
function lessMotion() {
  const media = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...media(query), matches: query === '(prefers-reduced-motion: reduce)' }));
}

const earnings = [
  { dateTime: '2024-05-01 10:00', earningsVal: 1 },
  { dateTime: '2024-05-01 11:00', earningsVal: 2 },
];
const charts = () => (
  <>
    <EarningsChart label="收益" data={earnings} timeName="时间" valueName="收益" />
    <RatioChart label="比率" data={[{ time: '2024-05-01 10:00', a: 1 }]} series={[{ field: 'a', name: 'A' }]} />
  </>
);

describe('charts and motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draw without animation when the system asks for less motion (WCAG 2.3.3), as antd then does', async () => {
    lessMotion();
    render(charts());
    await screen.findAllByTestId('chart-line');
    expect(screen.getAllByTestId(/^chart-/).map((chart) => chart.getAttribute('data-animated'))).toEqual(['no', 'no']);
  });

  it('are animated otherwise', async () => {
    render(charts());
    await screen.findAllByTestId('chart-line');
    expect(screen.getAllByTestId(/^chart-/).map((chart) => chart.getAttribute('data-animated'))).toEqual(['yes', 'yes']);
  });
});
