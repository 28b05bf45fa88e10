import { Select, type SelectProps } from 'antd';

/**
 * A Select inside a required Form.Item: antd puts aria-required on the Select's outer div, which has no role, so
 * it tells a screen reader nothing and breaks ARIA's rules (axe: aria-allowed-attr, critical); it is left out.
 */
export function RequiredSelect({ 'aria-required': _ariaRequired, ...props }: SelectProps) {
  return <Select {...props} />;
}
