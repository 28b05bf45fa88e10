import { Progress, theme } from 'antd';

/** §9 progress bar: red from 60% used, the percentage written inside the bar from 70%. */
export const USED_RATE = { redFrom: 0.6, textInsideFrom: 0.7 } as const;

export function usedRateLook(ratio: number): { red: boolean; textInside: boolean; percent: number } {
  const share = Math.max(0, Math.min(1, ratio));
  return { red: share >= USED_RATE.redFrom, textInside: share >= USED_RATE.textInsideFrom, percent: Math.round(share * 1000) / 10 };
}

interface Props {
  /** the used share, 0–1. */
  ratio: number;
  /** names the bar for assistive technology. */
  label: string;
}

/** A used-rate bar (task card position, assets used rates). */
export function UsedRateBar({ ratio, label }: Props) {
  const { token } = theme.useToken();
  const { red, textInside, percent } = usedRateLook(ratio);
  return (
    <Progress
      aria-label={label}
      data-red={red}
      data-text-inside={textInside}
      percent={percent}
      size={{ height: 14 }}
      status="normal"
      strokeColor={red ? token.colorError : token.colorPrimary}
      percentPosition={textInside ? { align: 'end', type: 'inner' } : { align: 'end', type: 'outer' }}
      style={{ marginBottom: 0 }}
    />
  );
}
