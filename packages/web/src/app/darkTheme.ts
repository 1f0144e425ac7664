/**
 * The dark look, fetched only when a page turns dark (theme.ts): antd's dark algorithm and the site's
 * dark styles. The algorithm comes from its own module, not from antd's `theme` object: that object
 * holds every algorithm and getDesignToken, which would then be shared with (and land in) the first load.
 */
import darkAlgorithm from 'antd/es/theme/themes/dark';
import './dark.css';

export { darkAlgorithm };
