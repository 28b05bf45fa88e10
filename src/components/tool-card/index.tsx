import type { ReactNode } from 'react';
import { Card, Flex, type CardProps } from 'antd';

/** antd's head title is one line cut with an ellipsis: here it wraps instead, and the tools share its row. */
const TITLE_STYLE = { whiteSpace: 'normal', overflow: 'visible' } as const;
/** the tools in the head's own weight, as antd's `extra` has them: the title's bold is the title's */
const TOOLS_STYLE = { fontWeight: 'normal' } as const;

/**
 * A Card with a title and tools (buttons) in one head row that wraps: where both do not fit (a phone,
 * a longer language) the tools go below the title instead of squeezing it to a few letters, as antd's
 * `extra` does (its head row never wraps).
 */
export function ToolCard({ title, tools, styles, ...props }: Omit<CardProps, 'extra'> & { tools?: ReactNode }) {
  return (
    <Card
      {...props}
      styles={{ ...styles, title: { ...TITLE_STYLE, ...styles?.title } }}
      title={
        <Flex wrap justify="space-between" align="center" gap={8}>
          <div>{title}</div>
          {tools ? <div style={TOOLS_STYLE}>{tools}</div> : null}
        </Flex>
      }
    />
  );
}
