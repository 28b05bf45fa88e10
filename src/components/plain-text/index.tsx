import { createElement, type HTMLAttributes } from 'react';
import { theme } from 'antd';

/**
 * Text and headings in the theme's colours for the public pages (login, landing, header), without
 * antd's Typography: its copy and edit machinery (TextArea, copy-to-clipboard; ~8 KB brotli) would put
 * /login and /home over their 250 KB budget (bench/budget.json). Console pages keep using Typography.
 */
type Tone = 'secondary' | 'danger';

export function PlainText({ tone, strong, paragraph, style, ...rest }: { tone?: Tone; strong?: boolean; paragraph?: boolean } & HTMLAttributes<HTMLElement>) {
  const { token } = theme.useToken();
  const color = tone === 'danger' ? token.colorErrorText : tone === 'secondary' ? token.colorTextSecondary : token.colorText;
  const margin = paragraph ? { marginTop: 0, marginBottom: '1em' } : {};
  return createElement(paragraph ? 'p' : 'span', { style: { color, fontWeight: strong ? token.fontWeightStrong : undefined, ...margin, ...style }, ...rest });
}

/** h1–h5 sized like antd's Typography.Title of the same level. */
export function Heading({ level = 1, style, ...rest }: { level?: 1 | 2 | 3 | 4 | 5 } & HTMLAttributes<HTMLHeadingElement>) {
  const { token } = theme.useToken();
  return createElement(`h${level}`, {
    style: {
      color: token.colorTextHeading,
      fontSize: token[`fontSizeHeading${level}`],
      lineHeight: token[`lineHeightHeading${level}`],
      fontWeight: token.fontWeightStrong,
      margin: '0 0 0.5em',
      ...style,
    },
    ...rest,
  });
}
