import { useMemo, useState } from 'react';
import { usePermissions } from '@refinedev/core';
import { Button, Drawer, Grid, Menu, type MenuProps } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { PermissionData } from '#contract/types/account';
import { can } from '#contract/rules/permissions';
import { readSession } from '../providers/session';
import { subjectOf } from '../providers/permissions';
import { navigation, type NavEntry } from './routes';

type MenuItem = Required<MenuProps>['items'][number];

/** Width of the navigation drawer on a phone: narrower than the narrowest screen (375 px). */
const DRAWER_WIDTH = 280;

/** The permitted navigation entries as antd menu items whose labels are real links (`<a href>`). */
function useNavItems(): MenuItem[] {
  const { t } = useTranslation();
  const { data } = usePermissions<PermissionData>({});
  return useMemo(() => {
    const session = readSession();
    if (!data || !session) return [];
    const subject = subjectOf(data, session);
    // tabIndex -1: the menu is one tab stop (its list) walked with the arrow keys, which focus these links
    // (rc-menu); as tab stops of their own, the items the horizontal menu hides in its overflow (aria-hidden)
    // would be reached by Tab yet be absent for a screen reader (axe: aria-hidden-focus)
    const link = (path: string, label: string): MenuItem => ({
      key: path,
      label: (
        <Link to={path} tabIndex={-1}>
          {t(label)}
        </Link>
      ),
    });
    const toItem = (entry: NavEntry): MenuItem =>
      entry.kind === 'page'
        ? link(entry.route.path, entry.route.label)
        : { key: `group:${entry.label}`, label: t(entry.label), children: entry.routes.map((r) => link(r.path, r.label)) };
    return navigation((r) => can(subject, r.resource, r.action)).map(toItem);
  }, [data, t]);
}

/**
 * The top navigation of spec §2, shown according to permission. Below antd's `md` breakpoint it
 * collapses into a menu button that opens the same items in a drawer.
 */
export function TopNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = useNavItems();
  const compact = Grid.useBreakpoint().md === false;
  const [open, setOpen] = useState(false);

  if (!compact) {
    return <Menu mode="horizontal" items={items} selectedKeys={[pathname]} style={{ borderBottom: 'none', background: 'transparent' }} data-testid="top-nav" />;
  }
  return (
    <>
      <Button type="text" icon={<MenuOutlined />} aria-label={t('nav.menu')} aria-expanded={open} onClick={() => setOpen(true)} data-testid="nav-menu-button" />
      <Drawer title={t('nav.menu')} placement="left" width={DRAWER_WIDTH} open={open} onClose={() => setOpen(false)} styles={{ body: { padding: 0 } }}>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={[pathname]}
          onClick={() => setOpen(false)}
          style={{ borderInlineEnd: 'none' }}
          data-testid="drawer-nav"
        />
      </Drawer>
    </>
  );
}
