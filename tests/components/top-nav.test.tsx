import { screen, within } from '@testing-library/react';
import { TopNav } from '../../src/console/top-nav';
import { server } from './msw';
import { adminSession, renderPage, traderSession, userEvent } from './render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** antd reads the screen width through matchMedia: `wide` makes every breakpoint match. */
function screenWidth(wide: boolean) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...original(query), matches: wide, media: query })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

describe('top navigation', () => {
  it('on a wide screen, shows the permitted pages as real links', async () => {
    const restore = screenWidth(true);
    try {
      renderPage(<TopNav />, { path: '/market', session: traderSession });
      const nav = await screen.findByTestId('top-nav');
      const market = await within(nav).findByRole('link', { name: '行情' });
      expect(market.tagName).toBe('A');
      expect(market).toHaveAttribute('href', '/market');
      expect(within(nav).getByRole('link', { name: 'API管理' })).toHaveAttribute('href', '/api');
      // the trader's permission list has no unilateral or tool pages
      expect(within(nav).queryByText('单边策略')).not.toBeInTheDocument();
      expect(within(nav).queryByText('币安交易')).not.toBeInTheDocument();
      expect(screen.queryByTestId('nav-menu-button')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('below md, a menu button opens a drawer with the same permitted links', async () => {
    const restore = screenWidth(false);
    try {
      renderPage(<TopNav />, { path: '/market', session: adminSession });
      expect(screen.queryByTestId('top-nav')).not.toBeInTheDocument();
      await userEvent.click(await screen.findByRole('button', { name: '导航菜单' }));
      const drawer = await screen.findByTestId('drawer-nav');
      expect(within(drawer).getByRole('link', { name: '行情' })).toHaveAttribute('href', '/market');
      expect(within(drawer).getByRole('link', { name: '币安币种' })).toHaveAttribute('href', '/binance/currency');
      await userEvent.click(within(drawer).getByText('定时任务', { selector: '.ant-menu-submenu-title *' }));
      expect(await within(drawer).findByRole('link', { name: '全局配置' })).toHaveAttribute('href', '/config');
    } finally {
      restore();
    }
  });
});
