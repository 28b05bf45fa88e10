import { useMemo } from 'react';
import { usePermissions } from '@refinedev/core';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { PermissionData } from '../api/types';
import { isPathAllowed } from '../providers/permissions';
import { topNavigation, visibleNavigation, type NavItem } from './routes';

type MenuItem = Required<MenuProps>['items'][number];

/** The top navigation, built from the permission list (spec §2 "shown according to permission"). */
export function TopNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data } = usePermissions<PermissionData>({});

  const items = useMemo(() => {
    const columns = data?.columns ?? [];
    const toItem = (item: NavItem): MenuItem =>
      item.children
        ? { key: `group:${item.path}`, label: t(item.label), children: item.children.map(toItem) }
        : { key: item.path, label: t(item.label) };
    return visibleNavigation(topNavigation, (path) => isPathAllowed(path, columns)).map(toItem);
  }, [data, t]);

  return (
    <Menu
      mode="horizontal"
      items={items}
      selectedKeys={[pathname]}
      onClick={({ key }) => navigate(key)}
      style={{ borderBottom: 'none', background: 'transparent' }}
      data-testid="top-nav"
    />
  );
}
