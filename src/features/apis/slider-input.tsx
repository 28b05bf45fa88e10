import { Col, InputNumber, Row, Slider } from 'antd';
import type { SliderRange } from '#contract/rules/advanced';

interface Props extends SliderRange {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
  precision?: number;
}

/** A slider with a number box beside it, both bound to one form field (Form.Item passes id/value/onChange). */
export function SliderInput({ id, value, onChange, min, max, step, precision }: Props) {
  return (
    <Row gutter={12} align="middle" wrap={false}>
      <Col flex="auto">
        <Slider min={min} max={max} step={step} value={value} onChange={(v) => onChange?.(v)} />
      </Col>
      <Col flex="96px">
        <InputNumber
          id={id}
          min={min}
          max={max}
          step={step}
          precision={precision}
          value={value}
          onChange={(v) => (v === null || v === undefined ? undefined : onChange?.(Number(v)))}
          style={{ width: 96 }}
        />
      </Col>
    </Row>
  );
}
