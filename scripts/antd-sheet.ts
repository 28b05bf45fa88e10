// antd's styles for the console, made at build time into one CSS file (scripts/prerender.ts links it from
// index.html). antd makes each component's styles in the browser the first time a page draws one (its CSS-in-JS,
// @ant-design/cssinjs), at every page load. The file carries cssinjs' map of what it holds
// (`.data-ant-cssinjs-cache-path { content }`, antd's "whole export" of static styles): a component whose styles
// are in it is drawn without making them. The file holds the light theme, with and without motion; the dark
// theme, or a component the console does not import, has its styles made in the page as before.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement as h, Fragment, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antdExports from 'antd';
import type { ThemeConfig } from 'antd';

const antd = antdExports as typeof antdExports & Record<string, ComponentType<never>>;

/** The names the console's source imports from antd (`import { … } from 'antd'`), types left out. */
export function importedFromAntd(dir: string): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue;
    for (const [, list] of readFileSync(path.join(dir, file), 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
      for (const name of list!.split(',').map((n) => n.trim())) if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

/**
 * How a component is drawn so that its styles register, where drawing it bare does not (after antd's own
 * @ant-design/static-style-extract): popups as their panels, compounds with their parts.
 */
const DRAWN: Record<string, () => ReactNode> = {
  Dropdown: () => h(antd.Dropdown, { menu: { items: [] } }, h('div')),
  Menu: () => h(antd.Menu, { items: [] }),
  Tag: () => h(Fragment, null, h(antd.Tag, { color: 'blue' }), h(antd.Tag, { color: 'success' })),
  Badge: () => h(Fragment, null, h(antd.Badge), h(antd.Badge.Ribbon)),
  Space: () => h(Fragment, null, h(antd.Space), h(antd.Space.Compact, null, h(antd.Button))),
  Input: () => h(Fragment, null, h(antd.Input), h(antd.Input.Search), h(antd.Input.TextArea), h(antd.Input.Password)),
  Layout: () => h(antd.Layout, null, h(antd.Layout.Header), h(antd.Layout.Sider), h(antd.Layout.Content), h(antd.Layout.Footer)),
  Modal: () =>
    h(Fragment, null, h(antd.Modal._InternalPanelDoNotUseOrYouWillBeFired), h(antd.Modal._InternalPanelDoNotUseOrYouWillBeFired, { type: 'confirm' })),
  message: () => h(antd.message._InternalPanelDoNotUseOrYouWillBeFired),
  notification: () => h(antd.notification._InternalPanelDoNotUseOrYouWillBeFired),
};

/** A component antd exports (not ConfigProvider, which carries no style, nor Grid, which is hooks). */
const isComponent = (name: string) =>
  name !== 'ConfigProvider' && name !== 'Grid' && /^[A-Z]/.test(name) && (typeof antd[name] === 'function' || typeof antd[name] === 'object');

/**
 * The CSS of the named components drawn in each of `themes` (each the themes of the console's ConfigProviders,
 * outermost first), with cssinjs' map of what it holds. A theme's rules apply only inside its own class
 * (`:where(.css-<its hash>)`), so the themes of one file do not meet.
 */
export function antdSheet(themes: ThemeConfig[][], names: Iterable<string>): string {
  const drawn = [...names].filter((name) => DRAWN[name] || isComponent(name)).sort();
  const components = drawn.map((name) => h(Fragment, { key: name }, DRAWN[name] ? DRAWN[name]() : h(antd[name]!)));
  const cache = createCache();
  for (const providers of themes) {
    const tree = providers.reduceRight<ReactNode>((child, theme) => h(antd.ConfigProvider, { theme }, child), components);
    renderToString(h(StyleProvider, { cache }, tree));
  }
  return extractStyle(cache, true);
}
