import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { MenuProps } from 'antd';
import { EllipsisOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LazyDropdown } from '../../app/layout/LazyPopup';
import './topnav.css';

type Items = NonNullable<MenuProps['items']>;
interface Entry {
  key: string;
  icon?: ReactNode;
  label?: ReactNode;
  children?: Items;
}

/** The entries of a menu-items list that the bar shows (links and submenus; no dividers or groups). */
function entriesOf(items: Items): Entry[] {
  return items.flatMap((i) => {
    if (!i || i.key == null || ('type' in i && (i.type === 'divider' || i.type === 'group'))) return [];
    const { key, icon, label, children } = i as { key: React.Key; icon?: ReactNode; label?: ReactNode; children?: Items };
    return [{ key: String(key), icon, label, children }];
  });
}

const holds = (e: Entry, key: string) => e.key === key || !!e.children?.some((c) => c?.key === key);

/** How many entries fit in the bar's width, keeping room for the "…" when some do not. */
function useFitting(count: number) {
  const ref = useRef<HTMLUListElement>(null);
  const [fit, setFit] = useState(count);
  useLayoutEffect(() => {
    const ul = ref.current;
    if (!ul) return;
    const measure = () => {
      const widths = [...ul.querySelectorAll<HTMLElement>(':scope > [data-nav-entry]')].map((li) => li.getBoundingClientRect().width);
      const more = ul.querySelector<HTMLElement>(':scope > [data-nav-more]')?.getBoundingClientRect().width ?? 0;
      const room = ul.clientWidth;
      if (widths.reduce((a, b) => a + b, 0) <= room) return setFit(widths.length);
      let used = more;
      let n = 0;
      while (n < widths.length && used + widths[n]! <= room) used += widths[n++]!;
      setFit(n);
    };
    measure();
    // The bar's width and each entry's (another language, the web font arriving) change what fits.
    const observer = new ResizeObserver(measure);
    observer.observe(ul);
    for (const li of ul.children) observer.observe(li);
    return () => observer.disconnect();
  }, [count]);
  return [ref, fit] as const;
}

/**
 * The top bar's menu (a horizontal list of links with antd's menu look: icon, label, the active
 * section underlined). Entries that do not fit go under a "…" at the end, and a submenu (Rank) opens
 * antd's dropdown on hover or click: both fetch antd's menu only then (LazyPopup), so the first load
 * carries a list of links instead of rc-menu and rc-overflow. Entries stay in the DOM when hidden so
 * their widths can be measured; hidden ones are inert.
 */
export function TopNav({ items, selectedKey, testId }: { items: Items; selectedKey: string; testId: string }) {
  const { t } = useTranslation();
  const entries = entriesOf(items);
  const [ref, fit] = useFitting(entries.length);
  const rest = entries.slice(fit);
  const cls = (selected: boolean, hidden: boolean) => ['oj-nav-item', selected ? 'oj-nav-selected' : '', hidden ? 'oj-nav-hidden' : ''].join(' ');
  return (
    <nav className="oj-nav">
      <ul ref={ref} data-testid={testId}>
        {entries.map((e, i) => (
          <li key={e.key} className={cls(holds(e, selectedKey), i >= fit)} data-nav-entry="" inert={i >= fit}>
            {e.children ? (
              <LazyDropdown menu={{ items: e.children, selectable: true, selectedKeys: [selectedKey] }} trigger={['hover', 'click']} placement="bottomLeft">
                <button type="button" className="oj-nav-sub" aria-haspopup="menu">
                  {e.icon}
                  <span className="oj-nav-label">{e.label}</span>
                </button>
              </LazyDropdown>
            ) : (
              <>
                {e.icon}
                <span className="oj-nav-label">{e.label}</span>
              </>
            )}
          </li>
        ))}
        <li
          className={cls(
            rest.some((e) => holds(e, selectedKey)),
            rest.length === 0,
          )}
          data-nav-more=""
          inert={rest.length === 0}
        >
          <LazyDropdown
            menu={{ items: rest.map(({ key, icon, label, children }) => ({ key, icon, label, children })), selectable: true, selectedKeys: [selectedKey] }}
            trigger={['hover', 'click']}
            placement="bottomRight"
          >
            <button type="button" className="oj-nav-sub" aria-haspopup="menu" aria-label={t('shell.moreMenu')} data-testid={`${testId}-more`}>
              <EllipsisOutlined />
            </button>
          </LazyDropdown>
        </li>
      </ul>
    </nav>
  );
}
