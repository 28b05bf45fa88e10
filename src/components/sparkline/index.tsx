import { theme } from 'antd';

/**
 * A tiny SVG line for fixed demo series on the landing page. @ant-design/charts would add ~650 KB
 * to a page whose budget is 250 KB (bench/budget.json), so the landing page draws its own line.
 */
export function Sparkline({ values, width = 240, height = 64, label }: { values: readonly number[]; width?: number; height?: number; label: string }) {
  const { token } = theme.useToken();
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  const step = width / Math.max(values.length - 1, 1);
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(height - ((v - min) / span) * height).toFixed(1)}`).join(' ');
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} width="100%" height={height} preserveAspectRatio="none">
      <polyline points={points} fill="none" stroke={token.colorPrimary} strokeWidth={2} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
