import './plainCodeArea.css';
import { type CSSProperties, type KeyboardEvent, type RefObject, useRef } from 'react';
import { themeStore } from '../../app/theme';
import { shownThemeName, type EditorSettings } from './editorConfig';

/**
 * The colours of each editor theme (background, text, gutter background, gutter numbers, gutter
 * border: CodeMirror's #ddd for light themes, none for dark ones), as the theme packages set them: the
 * plain code area looks like the editor that replaces it.
 */
const COLORS: Record<string, [string, string, string, string, string]> = {
  monokai: ['#272822', '#f8f8f2', '#272822', '#f8f8f2', 'transparent'],
  solarized: ['#FDF6E3', '#657B83', '#FDF6E3', '#657B83', '#ddd'],
  material: ['#2e3235', '#bdbdbd', '#2e3235', '#999', 'transparent'],
  idea: ['#fff', '#3D3D3D', '#fff', '#AFAFAF', '#ddd'],
  eclipse: ['#fff', '#000', '#f7f7f7', '#999', 'transparent'],
  base16_dark: ['#2E3235', '#DDDDDD', '#292d30', '#808080', 'transparent'],
  cobalt: ['#002451', '#ffffff', '#002451', '#ffffff', 'transparent'],
  dracula: ['#282a36', '#f8f8f2', '#282a36', '#6D8A88', 'transparent'],
};

interface Props {
  value: string;
  onChange(value: string): void;
  settings: EditorSettings;
  height: number | string;
  label: string;
  /** The textarea, read when the editor takes over (caret, scroll, focus). */
  areaRef: RefObject<HTMLTextAreaElement | null>;
  /** The user is about to use the code area: time to fetch the editor. */
  onWant(): void;
}

/**
 * An editable, monospaced code area with line numbers in the editor theme's colours, shown until the
 * code editor (CodeMirror, ~160 KB of script) is fetched: the problem page's first load does not wait
 * for the editor, and the page keeps its layout when the editor replaces this area. The editor is
 * fetched as soon as the pointer comes over the area or it takes the focus (EditorPanel.tsx); text
 * typed meanwhile is the same state the editor shows.
 */
export function PlainCodeArea({ value, onChange, settings, height, label, areaRef, onWant }: Props) {
  const { dark } = themeStore.use();
  const theme = shownThemeName(settings.theme, dark);
  const [background, color, gutterBackground, gutterColor, gutterBorder] = COLORS[theme] ?? COLORS.idea;
  const gutter = useRef<HTMLDivElement>(null);
  const lines = value.split('\n').length;

  // Tab indents as in the editor, instead of leaving the code area.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Tab' || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey) return;
    e.preventDefault();
    const area = e.currentTarget;
    area.setRangeText(' '.repeat(settings.tabSize), area.selectionStart, area.selectionEnd, 'end');
    onChange(area.value);
  };

  const style = {
    height: typeof height === 'number' ? `${height}px` : height,
    fontSize: `${settings.fontSize}px`,
    background,
    color,
    '--oj-plain-gutter-bg': gutterBackground,
    '--oj-plain-gutter-fg': gutterColor,
    '--oj-plain-gutter-border': gutterBorder,
  } as CSSProperties;
  return (
    <div
      className="oj-code-editor oj-code-plain"
      data-testid="code-editor-plain"
      data-theme={theme}
      style={style}
      onPointerEnter={onWant}
      onTouchStart={onWant}
    >
      <div className="oj-code-plain-gutter" ref={gutter} aria-hidden="true">
        <div className="oj-code-plain-numbers">{Array.from({ length: lines }, (_, i) => i + 1).join('\n')}</div>
        <div className="oj-code-plain-fold" />
      </div>
      <textarea
        ref={areaRef}
        className="oj-code-plain-text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={onWant}
        onScroll={(e) => {
          if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
        }}
        style={{ tabSize: settings.tabSize, caretColor: color }}
        aria-label={label}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        wrap="off"
      />
    </div>
  );
}
