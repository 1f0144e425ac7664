/** Colour a new tag gets unless the admin picks another. */
export const DEFAULT_TAG_COLOR = '#409EFF';

/** antd's ColorPicker gives a colour object once touched, the initial string before: always a hex string. */
export function colorString(value: unknown): string | null {
  if (!value) return null;
  if (typeof value === 'string') return value;
  const c = value as { toHexString?: () => string };
  return typeof c.toHexString === 'function' ? c.toHexString() : null;
}
