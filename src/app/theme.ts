import { theme, type ThemeConfig } from 'antd';
import type { ThemeMode } from '../components/theme-mode';

/**
 * The console's antd theme, light and dark, in one place: antd's look with the colours of text raised to
 * WCAG AA (4.5:1 for normal text). Each value names the backgrounds it was measured on
 * (tests/e2e/a11y.spec.ts holds them with axe-core, in both themes).
 * - Light: antd's blue #1677ff gives white button text 4.1:1, so the primary (fills and links) is antd's next
 *   blue #1668dc (5.2:1 either way round, 4.6:1 on #f0f0f0); grey text (tertiary, description: placeholders'
 *   neighbours, secondary Typography, empty states) 0.6 black instead of 0.45 (5.7:1 on white, 5.0:1 on #f0f0f0);
 *   the red and green of figures and tags (the up/down colours, src/components/up-down-colors) are antd's red-7
 *   and green-8 (5.6:1 on white, 5.1 and 5.4:1 on their tag backgrounds), warning text gold-9 (5.2:1 on #fffbe6).
 * - Dark: the primary fill stays antd's #1668dc (white text 5.2:1) while text in the primary colour (links, the
 *   selected menu item) is antd's dark blue-8 #65a9f3 (7.5:1 on #141414, 5.2:1 on the selected item's #15325b);
 *   grey text 0.55 white (6.3:1 on the layout's black, 5.5:1 on #141414); red text #e86e6b (6.0:1 on #141414).
 */
const LIGHT: ThemeConfig = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: '#1668dc',
    colorLink: '#1668dc',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorError: '#cf1322',
    colorErrorText: '#cf1322',
    colorSuccessText: '#237804',
    colorWarningText: '#995c00',
  },
  components: {
    // an empty table's text is antd's disabled grey (#bfbfbf, 1.8:1)
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
    // white text on an unchecked switch: 4.7:1 on 0.55 black, 1.7:1 on antd's 0.25
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)' },
    // a coloured tag's text is the colour's shade 7 on its shade 1: green and gold one shade darker (3.5 → 5.4:1, 2.9 → 5.2:1)
    // and the status tags (color="success" / "warning") take the status colour itself: the same darker shades
    Tag: { green7: '#237804', gold7: '#995c00', colorSuccess: '#237804', colorWarning: '#995c00' },
  },
};

const DARK: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorLink: '#65a9f3',
    colorTextTertiary: 'rgba(255, 255, 255, 0.55)',
    colorTextDescription: 'rgba(255, 255, 255, 0.55)',
    colorErrorText: '#e86e6b',
  },
  components: {
    Menu: { itemSelectedColor: '#65a9f3', horizontalItemSelectedColor: '#65a9f3', subMenuItemSelectedColor: '#65a9f3' },
    Tabs: { itemSelectedColor: '#65a9f3' },
    // a danger text or link button is red text on the page (antd's #dc4446: 4.3:1); the filled danger button then
    // takes dark text on the lighter red (6.9:1; white on antd's #dc4446 was 4.2:1)
    Button: { colorError: '#e86e6b', dangerColor: 'rgba(0, 0, 0, 0.88)' },
    Table: { colorTextDisabled: 'rgba(255, 255, 255, 0.55)' },
  },
};

/**
 * The theme of a mode; without motion when the user's system asks for less of it (prefers-reduced-motion). The
 * motion is always named: the theme sits inside WITHOUT_MOTION (see there), whose token it would inherit.
 */
export function themeConfig(mode: ThemeMode, reducedMotion = false): ThemeConfig {
  const base = mode === 'dark' ? DARK : LIGHT;
  return { ...base, token: { ...base.token, motion: !reducedMotion } };
}

/**
 * The theme of a ConfigProvider around the console's own. antd's MotionWrapper puts a provider around a
 * ConfigProvider's children the first time its motion differs from the one above it, which mounts the whole page
 * again. Below a provider without motion, the console's wraps from its first render, so turning motion off after
 * hydration (prefers-reduced-motion is read in the browser only) changes nothing but the motion: what a visitor
 * typed into the prerendered page stays.
 */
export const WITHOUT_MOTION: ThemeConfig = { token: { motion: false } };
