import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ThemeMode } from '@oj/shared';
import { chooseTheme, themeStore } from '../../app/theme';
import { LazyDropdown } from '../../app/layout/LazyPopup';

/** A half-filled circle, the usual sign for a colour scheme (drawn here: an icon font entry would cost more). */
const ContrastIcon = () => (
  <svg viewBox="0 0 16 16" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
    <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm0 1.5v11a5.5 5.5 0 0 1 0-11z" />
  </svg>
);

const MODES: { mode: ThemeMode; key: string }[] = [
  { mode: 'system', key: 'shell.themeSystem' },
  { mode: 'light', key: 'shell.themeLight' },
  { mode: 'dark', key: 'shell.themeDark' },
];

/** The header's colour scheme picker: follow the system, light or dark. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { mode } = themeStore.use();
  return (
    <LazyDropdown
      trigger={['click']}
      menu={{
        items: MODES.map((m) => ({ key: m.mode, label: <span data-testid={`theme-${m.mode}`}>{t(m.key)}</span> })),
        selectable: true,
        selectedKeys: [mode],
        onClick: ({ key }) => chooseTheme(key as ThemeMode),
      }}
    >
      <Button type="text" icon={<ContrastIcon />} aria-label={t('shell.theme')} title={t('shell.theme')} data-testid="theme-switch" />
    </LazyDropdown>
  );
}
