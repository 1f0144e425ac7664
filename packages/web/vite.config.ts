import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `name.br` and `name.gz` next to every text file of the build (scripts, styles, index.html,
 * SVG, KaTeX's TTF fonts), at maximum compression since it is done once: the server sends them as
 * they are (@fastify/static `preCompressed`) instead of compressing on every request. Files that do
 * not get smaller (tiny ones, WOFF2) are left alone.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'oj-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (fs.readdirSync(outDir, { recursive: true }) as string[])
        .map((f) => path.join(outDir, f))
        .filter((f) => /\.(js|mjs|css|html|svg|json|txt|ttf)$/.test(f) && fs.statSync(f).size >= 256);
      await Promise.all(
        files.map(async (file) => {
          const data = fs.readFileSync(file);
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzip(data, { level: 9 }),
          ]);
          if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
          if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * Two imports inside antd that put large modules into every page's first load, narrowed:
 * - `antd/es/form/context.js` (under nearly every antd component) takes `FormProvider` from the index
 *   of @rc-component/form, whose index attaches Field, List, useForm… to the Form: importing it keeps
 *   the whole form library and its validator (~18 KB compressed). It gets `FormProvider` from its own
 *   module instead (the same module the index re-exports, so the context is the same).
 * - `antd/es/card/Card.js` imports Tabs for the `tabList` prop (~17 KB compressed), which this app
 *   never passes: Card gets Tabs through React.lazy, fetched if a card ever has tabs.
 * - `antd/es/config-provider/index.js` imports the tooltip's UniqueProvider (and with it rc-trigger,
 *   ~6 KB compressed) for `tooltip.unique`, which this app never sets: fetched through React.lazy if
 *   it ever does. Popups (menus, tooltips) come with the first one opened.
 * - Button's and Tag's style tokens import the color picker's color class and `isBright` (from a
 *   module that also imports Collapse and the picker's components, ~3 KB compressed) for one test,
 *   "is the solid background bright?": the same test on @ant-design/fast-color, which the picker's
 *   colour class extends and antd's theme already loads.
 * - `antd/es/typography/Base/index.js` imports the editing box (Editable, with antd's TextArea and
 *   Input, ~8 KB compressed) for `editable` text, which the problem page never has: Typography gets it
 *   through React.lazy, fetched when a text is first edited (the admin pages' forms have Input anyway).
 * - Typography (`antd/es/typography/Base/`: index, CopyBtn, EllipsisTooltip) imports Tooltip for
 *   copyable, editable and ellipsis texts, which the problem page never shows; with it the tooltip and
 *   rc-trigger (~18 KB compressed) came with every page that has a title or a paragraph. Typography gets
 *   Tooltip through React.lazy (showing its child until the tooltip arrives), fetched if such a text is shown.
 * - The tabs' "more" menu (@rc-component/tabs `TabNavList/OperationNode`, with rc-menu, rc-dropdown and
 *   rc-trigger, ~10 KB compressed) is needed only when tabs do not fit their bar: until then the same
 *   hidden "more" button is rendered, and the menu is fetched the first time tabs overflow.
 * When antd changes these imports the rules stop matching and the build is as before, only bigger.
 */
function antdFirstLoad(): Plugin {
  const FORM = '\0oj:rc-form-provider';
  const TABS = '\0oj:card-tabs';
  const UNIQUE = '\0oj:tooltip-unique';
  const BRIGHT = '\0oj:is-bright';
  const EDITABLE = '\0oj:typography-editable';
  const TYPO_TOOLTIP = '\0oj:typography-tooltip';
  const TAB_OPERATIONS = '\0oj:tab-operations';
  return {
    name: 'oj-antd-first-load',
    enforce: 'pre',
    resolveId(source, importer) {
      const from = importer?.replaceAll('\\', '/') ?? '';
      if (source === '@rc-component/form' && from.endsWith('/antd/es/form/context.js')) return FORM;
      if (source === '../tabs' && from.endsWith('/antd/es/card/Card.js')) return TABS;
      if (source === '../../tooltip' && /\/antd\/es\/typography\/Base\/(index|CopyBtn|EllipsisTooltip)\.js$/.test(from)) return TYPO_TOOLTIP;
      if (source === './OperationNode' && from.endsWith('/@rc-component/tabs/es/TabNavList/index.js')) return TAB_OPERATIONS;
      if (source === '../Editable' && from.endsWith('/antd/es/typography/Base/index.js')) return EDITABLE;
      if (source === '../tooltip/UniqueProvider' && from.endsWith('/antd/es/config-provider/index.js')) return UNIQUE;
      if (
        (source === '../../color-picker/color' || source === '../../color-picker/components/ColorPresets') &&
        (from.endsWith('/antd/es/button/style/token.js') || from.endsWith('/antd/es/tag/style/index.js'))
      ) {
        return BRIGHT;
      }
      return null;
    },
    load(id) {
      if (id === FORM) return "export { FormProvider } from '@rc-component/form/es/FormContext';";
      if (id === TABS) {
        return [
          "import { createElement, lazy, Suspense } from 'react';",
          "const Tabs = lazy(() => import('antd/es/tabs'));",
          'export default function CardTabs(props) { return createElement(Suspense, { fallback: null }, createElement(Tabs, props)); }',
        ].join('\n');
      }
      if (id === UNIQUE) {
        return [
          "import { createElement, lazy, Suspense } from 'react';",
          "const Unique = lazy(() => import('antd/es/tooltip/UniqueProvider'));",
          'export default function UniqueProvider(props) { return createElement(Suspense, { fallback: null }, createElement(Unique, props)); }',
        ].join('\n');
      }
      if (id === TYPO_TOOLTIP) {
        return [
          "import { createElement, lazy, Suspense } from 'react';",
          "const Tooltip = lazy(() => import('antd/es/tooltip'));",
          'export default function TypographyTooltip(props) { return createElement(Suspense, { fallback: props.children ?? null }, createElement(Tooltip, props)); }',
        ].join('\n');
      }
      if (id === TAB_OPERATIONS) {
        // The markup of OperationNode without hidden tabs (its "more" button hidden, no add button).
        return [
          "import { createElement, forwardRef, lazy, memo, Suspense } from 'react';",
          "const Operations = lazy(() => import('@rc-component/tabs/es/TabNavList/OperationNode'));",
          'const Hidden = forwardRef((props, ref) => {',
          '  const { prefixCls, id, mobile, more = {}, style, className, tabBarGutter } = props;',
          "  const cls = [prefixCls + '-nav-operations', className].filter(Boolean).join(' ');",
          '  const button = mobile ? null : createElement(',
          "    'button',",
          "    { type: 'button', className: prefixCls + '-nav-more', style: { marginInlineStart: tabBarGutter, visibility: 'hidden', order: 1 },",
          "      'aria-haspopup': 'listbox', 'aria-controls': id + '-more-popup', id: id + '-more', 'aria-expanded': false },",
          "    more.icon ?? 'More',",
          '  );',
          "  return createElement('div', { className: cls, style, ref }, button);",
          '});',
          'let wanted = false;',
          'const TabOperations = forwardRef((props, ref) => {',
          '  wanted ||= props.tabs.length > 0 || !!props.editable;',
          '  if (!wanted) return createElement(Hidden, { ...props, ref });',
          '  return createElement(Suspense, { fallback: createElement(Hidden, { ...props, ref }) }, createElement(Operations, { ...props, ref }));',
          '});',
          'export default memo(TabOperations, (_, next) => next.tabMoving);',
        ].join('\n');
      }
      if (id === EDITABLE) {
        return [
          "import { createElement, lazy, Suspense } from 'react';",
          "const Editable = lazy(() => import('antd/es/typography/Editable'));",
          'export default function LazyEditable(props) { return createElement(Suspense, { fallback: null }, createElement(Editable, props)); }',
        ].join('\n');
      }
      if (id === BRIGHT) {
        // antd's isBright (color-picker/components/ColorPresets.js), on FastColor.
        return [
          "import { FastColor } from '@ant-design/fast-color';",
          'export class AggregationColor {',
          '  constructor(color) { this.metaColor = new FastColor(color); }',
          '  toRgb() { return this.metaColor.toRgb(); }',
          '  toRgbString() { return this.metaColor.toRgbString(); }',
          '}',
          'export const isBright = (value, bgColorToken) => {',
          '  const { r, g, b, a } = value.toRgb();',
          '  const hsv = new FastColor(value.toRgbString()).onBackground(bgColorToken).toHsv();',
          '  if (a <= 0.5) return hsv.v > 0.5;',
          '  return r * 0.299 + g * 0.587 + b * 0.114 > 192;',
          '};',
        ].join('\n');
      }
      return null;
    },
  };
}

// The API server serves the built app in production; in dev Vite serves it and forwards /api.
export default defineConfig({
  plugins: [antdFirstLoad(), react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8090', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // Automatic splitting cut /home into 80 scripts, most of them a few kB of antd shared by some
      // routes. Small common chunks are copied into the chunks that use them instead (Rolldown keeps
      // one module state for the copies): /home loads about 20 scripts. Needs these two settings.
      preserveEntrySignatures: false,
      output: {
        strictExecutionOrder: true,
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 120_000 } },
      },
    },
  },
});
