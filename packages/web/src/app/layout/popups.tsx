/**
 * antd's popup components of the top bar and footer (the Rank submenu, the "…" of items that do not fit,
 * the user menu, the language picker, the logo's tooltip): their own chunk, fetched when one is first
 * opened (LazyPopup.tsx), so rc-menu, rc-trigger and their styles are not in the first load.
 */
export { Dropdown, Tooltip } from 'antd';
