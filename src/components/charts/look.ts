import { useReducedMotion } from '../theme-mode/reduced-motion';
import { useThemeMode } from '../theme-mode';

/** No drawing animation when the user's system asks for less motion (prefers-reduced-motion, WCAG 2.3.3), as antd's motions are then off. */
export const useChartMotion = (): { animate?: false } => (useReducedMotion() ? { animate: false } : {});

/** What a chart takes from the console's look: G2's theme of the light/dark mode, and its motion. */
export function useChartLook(): { theme: 'classic' | 'classicDark'; animate?: false } {
  const { mode } = useThemeMode();
  return { theme: mode === 'dark' ? 'classicDark' : 'classic', ...useChartMotion() };
}
