import { cloneElement, useEffect, useRef, useState, type MouseEvent, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import type { DropdownProps, TooltipProps } from 'antd';
import { whenPointerFree } from './pointerFree';

type Popups = typeof import('./popups');
/** antd's popups once fetched: rendered directly, so the trigger is swapped once, never for a fallback. */
let popups: Popups | null = null;
let fetching: Promise<Popups> | null = null;
const fetchPopups = () => {
  fetching ??= import('./popups').then(
    (m) => (popups = m),
    (err) => {
      fetching = null; // fetched again on the next hover or click
      throw err;
    },
  );
  return fetching;
};

type TriggerProps = {
  onClick?: (e: MouseEvent) => void;
  onMouseEnter?: (e: MouseEvent) => void;
};

/**
 * Until a popup is first wanted only its trigger is rendered, with handlers that fetch antd's popup and
 * open it; from then on antd's component takes the same trigger (controlled `open`, so the popup opens
 * on the hover or click that fetched it). The swap waits for the chunk and for a press on the page to be
 * released (pointerFree.ts): a click on the logo pressed before the swap and released after it did nothing.
 * A click without a pointer (Enter or Space on the button) is remembered, so that the menu can take the
 * focus for the keyboard.
 */
function useFirstOpen(child: ReactElement<TriggerProps>, on: { click?: boolean; hover?: boolean }) {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [byKeyboard, setByKeyboard] = useState(false);
  const asked = useRef(false);
  const show = () => {
    if (asked.current) return;
    asked.current = true;
    fetchPopups().then(
      () =>
        whenPointerFree(() =>
          // Committed in this task: a press arriving before a later render would still hit the old trigger.
          flushSync(() => {
            setWanted(true);
            setOpen(true);
          }),
        ),
      () => {
        asked.current = false;
      },
    );
  };
  const { onClick, onMouseEnter } = child.props;
  const trigger = cloneElement(child, {
    onClick: (e: MouseEvent) => {
      onClick?.(e);
      if (!on.click) return;
      setByKeyboard(e.detail === 0);
      if (!wanted) show();
    },
    onMouseEnter: (e: MouseEvent) => {
      onMouseEnter?.(e);
      if (on.hover && !wanted) show();
    },
  });
  // antd's popups once wanted (they were fetched before `wanted` was set)
  return { popups: wanted ? popups : null, open, setOpen, byKeyboard, trigger };
}

type DropdownTrigger = 'click' | 'hover';

/** antd Dropdown, fetched on the first hover or click of its trigger (a single element). */
export function LazyDropdown({
  children,
  trigger = ['click'],
  menu,
  ...props
}: Omit<DropdownProps, 'open' | 'children' | 'trigger'> & {
  children: ReactElement<TriggerProps>;
  trigger?: DropdownTrigger[];
}) {
  const first = useFirstOpen(children, { click: true, hover: trigger.includes('hover') });
  const popup = useRef<HTMLDivElement>(null);
  // Opened from the keyboard: the menu takes the focus, so the arrow keys and Enter work in it (rc-menu).
  useEffect(() => {
    if (!first.open || !first.byKeyboard) return;
    // The popup mounts a frame or more after `open` (the first time after its chunk): wait for the menu.
    let id = 0;
    let tries = 30;
    const focus = () => {
      const menu = popup.current?.querySelector<HTMLElement>('[role="menu"]');
      if (menu) menu.focus();
      else if (tries-- > 0) id = requestAnimationFrame(focus);
    };
    id = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(id);
  }, [first.open, first.byKeyboard]);
  if (!first.popups) return first.trigger;
  const { Dropdown } = first.popups;
  return (
    <Dropdown
      {...props}
      menu={{
        ...menu,
        // Enter on an entry whose label is a link follows the link (rc-menu only reports the key, and
        // the focus may be on the entry or already on its link, whose own Enter rc-menu swallows).
        onClick: (info) => {
          menu?.onClick?.(info);
          if (info.domEvent.type !== 'keydown') return;
          const target = info.domEvent.target as HTMLElement;
          (target.closest('a') ?? target.querySelector('a'))?.click();
        },
      }}
      trigger={trigger}
      open={first.open}
      onOpenChange={(o) => first.setOpen(o)}
      popupRender={(menu) => <div ref={popup}>{menu}</div>}
    >
      {first.trigger}
    </Dropdown>
  );
}

/** antd Tooltip (hover), fetched when its trigger is first hovered. */
export function LazyTooltip({ children, ...props }: Omit<TooltipProps, 'open' | 'children'> & { children: ReactElement<TriggerProps> }) {
  const first = useFirstOpen(children, { hover: true });
  if (!first.popups) return first.trigger;
  const { Tooltip } = first.popups;
  return (
    <Tooltip {...props} open={first.open} onOpenChange={(o) => first.setOpen(o)}>
      {first.trigger}
    </Tooltip>
  );
}
