import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';

/**
 * A bordered surface for the public pages. antd's Card imports Tabs (and with it rc-tabs, rc-menu and
 * rc-dropdown, ~28 KB gzip), which the login and landing pages cannot afford (bench/budget.json).
 */
export function Panel({ title, children, style }: { title?: ReactNode; children: ReactNode; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
        ...style,
      }}
    >
      {title && (
        <h3 style={{ margin: `0 0 ${token.marginSM}px`, fontSize: token.fontSizeLG, fontWeight: token.fontWeightStrong, color: token.colorText }}>{title}</h3>
      )}
      {children}
    </section>
  );
}
