import { useMemo, useSyncExternalStore } from 'react';
import { Segmented, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultUpDownScheme, type UpDownScheme } from '../../domain/market';

/**
 * The user's up/down colours (§2 market page): red up / green down by default in Chinese, green up /
 * red down in English, remembered in localStorage once chosen. One store, so the header menu and
 * every market table follow the same choice at once.
 */
export const UP_DOWN_STORAGE_KEY = 'console.upDownColors';
const SCHEMES: readonly UpDownScheme[] = ['redUp', 'greenUp'];

const listeners = new Set<() => void>();
const readStored = (): UpDownScheme | null => {
  try {
    const value = localStorage.getItem(UP_DOWN_STORAGE_KEY);
    return (SCHEMES as readonly string[]).includes(value ?? '') ? (value as UpDownScheme) : null;
  } catch {
    return null;
  }
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === UP_DOWN_STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setUpDownScheme(scheme: UpDownScheme): void {
  try {
    localStorage.setItem(UP_DOWN_STORAGE_KEY, scheme);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  listeners.forEach((listener) => {
    listener();
  });
}

export interface UpDownColors {
  scheme: UpDownScheme;
  /** the colour of a rise */
  up: string;
  /** the colour of a fall */
  down: string;
  setScheme: (scheme: UpDownScheme) => void;
}

/** The up/down colours in force (antd's error and success text colours, so dark mode follows; src/app/theme.ts keeps them ≥ 4.5:1). */
export function useUpDownColors(): UpDownColors {
  const { i18n } = useTranslation();
  const { token } = theme.useToken();
  const stored = useSyncExternalStore(subscribe, readStored, () => null);
  const scheme = stored ?? defaultUpDownScheme(i18n.language ?? '');
  const [red, green] = [token.colorErrorText, token.colorSuccessText];
  // the same object while nothing changes, so memoised tables do not re-render
  return useMemo(
    () => (scheme === 'redUp' ? { scheme, up: red, down: green, setScheme: setUpDownScheme } : { scheme, up: green, down: red, setScheme: setUpDownScheme }),
    [scheme, red, green],
  );
}

/** The colour setting, self-contained for the header's user menu (or any page). */
export function UpDownColorSetting() {
  const { t } = useTranslation('market');
  const { scheme, setScheme } = useUpDownColors();
  return (
    <Space direction="vertical" size={4} style={{ padding: '4px 15px' }}>
      <Typography.Text type="secondary">{t('colors.label')}</Typography.Text>
      <Segmented<UpDownScheme>
        size="small"
        aria-label={t('colors.label')}
        data-testid="up-down-colors"
        value={scheme}
        onChange={setScheme}
        options={SCHEMES.map((value) => ({ value, label: t(`colors.${value}`) }))}
      />
    </Space>
  );
}
