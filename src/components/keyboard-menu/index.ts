import type { DropdownProps } from 'antd';

/**
 * The props of every menu button's Dropdown: opened by a click, or by Enter or Space on the focused button, the
 * menu takes the focus (autoFocus), so the arrow keys walk its items and Enter chooses one, as WAI-ARIA's menu
 * button does; Escape closes it and gives the focus back. A menu kept hidden between openings is not focused
 * again, so each opening makes a fresh one (destroyOnHidden).
 */
export const KEYBOARD_MENU: Pick<DropdownProps, 'trigger' | 'autoFocus' | 'destroyOnHidden'> = { trigger: ['click'], autoFocus: true, destroyOnHidden: true };
