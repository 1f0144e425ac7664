/** The dark look, fetched only when a page turns dark (theme.ts): antd's dark algorithm and the site's dark styles. */
import { theme } from 'antd';
import './dark.css';

export const darkAlgorithm = theme.darkAlgorithm;
