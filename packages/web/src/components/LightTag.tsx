import type { HTMLAttributes } from 'react';
import './lightTag.css';

/** antd Tag's preset colours that the light tag draws (others: a custom CSS colour). */
const PRESETS = new Set(['green', 'red', 'orange', 'gold', 'blue']);

/**
 * A tag drawn as antd's Tag draws it (variant filled: the presets used here, or a custom colour), for
 * the contest tags and title tags of the home page: antd Tag's code and styles stay out of its first
 * load. Not closable, no icon; where those are needed, antd Tag.
 */
export function LightTag({ color, className, ...rest }: Omit<HTMLAttributes<HTMLSpanElement>, 'color'> & { color?: string | null }) {
  const preset = color && PRESETS.has(color) ? color : null;
  const custom = color && !preset ? color : null;
  const classes = ['oj-tag', preset ? `oj-tag-${preset}` : '', className ?? ''].filter(Boolean).join(' ');
  // A custom colour as antd draws it: the text in the colour, on the colour's hue at 95 % lightness.
  const style = custom ? { ...rest.style, color: custom, backgroundColor: `hsl(from ${custom} h s 95%)` } : rest.style;
  return <span {...rest} className={classes} style={style} />;
}
