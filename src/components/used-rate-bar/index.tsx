import { Progress, theme } from 'antd';
import { isDangerRate, isTextInside } from '../../domain/assets';

/** The §9 look of a used share (0–1): its percent, red from 60 %, the text inside from 70 %. */
export function usedRateLook(ratio: number): { red: boolean; textInside: boolean; percent: number } {
  const percent = Math.round(Math.max(0, Math.min(1, ratio)) * 1000) / 10;
  return { red: isDangerRate(percent), textInside: isTextInside(percent), percent };
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
