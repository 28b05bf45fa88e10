/**
 * @ant-design/charts as every DOM test sees it (vitest.config.ts aliases the package here: happy-dom has no canvas,
 * and one stub for every file, since the files of a worker share their modules). A chart is a <div> that says what
 * it was given: `chart-<kind>`, how many points, its y fields, its x axis title, its up/down colours and whether its
 * drawing is animated.
 */
interface ChartProps {
  data?: unknown[];
  yField?: string;
  children?: { yField: string }[];
  axis?: { x?: { title?: string } };
  scale?: { color?: { range?: string[] } };
  animate?: false;
}

const chart = (kind: string) =>
  function StubChart({ data, yField, children, axis, scale, animate }: ChartProps) {
    return (
      <div
        data-testid={`chart-${kind}`}
        data-points={data?.length ?? 0}
        data-fields={yField ?? children?.map((c) => c.yField).join(',')}
        data-axis={axis?.x?.title}
        data-up={scale?.color?.range?.[2]}
        data-down={scale?.color?.range?.[0]}
        data-animated={animate === false ? 'no' : 'yes'}
      />
    );
  };

export const Line = chart('line');
export const DualAxes = chart('dual');
export const Column = chart('column');
export const Stock = chart('stock');
export const Pie = chart('pie');
export const Tiny = { Line: chart('tiny') };
