import type { z } from 'zod';

/** How a derived field is edited; the form component maps each kind to an antd control. */
export type FieldKind = 'input' | 'number' | 'switch' | 'select';

export interface FieldOption {
  value: string | number | boolean;
  label: string;
}

/** One body field as the form shows it, read off the endpoint's zod schema. */
export interface DerivedField {
  name: string;
  kind: FieldKind;
  /** the schema refuses the field missing (and, for text, empty) */
  required: boolean;
  /** text: the schema's length bounds; numbers: its value bounds */
  min?: number;
  max?: number;
  /** a number the schema wants whole */
  integer?: boolean;
  /** select: the values the schema allows (labelled with the value until an override names them) */
  options?: FieldOption[];
  /** what the schema puts in when the field is left out */
  initial?: unknown;
  /** the schema's own message for a missing value (a catalogue text where the schema uses one) */
  requiredMessage?: string;
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
};
const defOf = (s: z.ZodType) => (s as unknown as { def: Def }).def;

/**
 * The schema a field's value is read with: wrappers (optional, nullable, default, readonly) and a
 * `pipe`'s input side give way to what finally checks the value, e.g. `string().default('').pipe(
 * string().trim().min(1))` is a text of at least one character.
 */
function core(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if ((d.type === 'optional' || d.type === 'nullable' || d.type === 'default' || d.type === 'prefault' || d.type === 'readonly') && d.innerType)
      s = d.innerType;
    else if (d.type === 'pipe' && d.out && defOf(d.out).type !== 'transform') s = d.out;
    else if (d.type === 'pipe' && d.in) s = d.in;
    else break;
  }
  return s;
}

/** The literal values a select offers: an enum's, or a union of literals' (`z.union([z.literal(1), …])`). */
function choices(s: z.ZodType): FieldOption[] | undefined {
  const d = defOf(s);
  if (d.type === 'enum' && d.entries) return Object.values(d.entries).map((v) => ({ value: v as string | number, label: String(v) }));
  if (d.type === 'literal' && d.values) return d.values.map((v) => ({ value: v as string | number | boolean, label: String(v) }));
  if (d.type === 'union' && d.options) {
    const all = d.options.map((o) => choices(core(o)));
    if (all.every((o) => o !== undefined)) return all.flat() as FieldOption[];
  }
  return undefined;
}

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/** One field of an object body. */
export function deriveField(name: string, schema: z.ZodType): DerivedField {
  const c = core(schema);
  const type = defOf(c).type;
  // Asked of the whole field schema, so defaults, optionals and pipes count exactly as the server counts
  // them: a field with a default may be left out. A text's message is the one for an empty text.
  const missing = schema.safeParse(undefined);
  const required = !missing.success;
  const field: DerivedField = { name, kind: 'input', required };
  if (required) field.requiredMessage = firstMessage(type === 'string' && !schema.safeParse('').success ? schema.safeParse('') : missing);
  else if (missing.success && missing.data !== undefined && missing.data !== null) field.initial = missing.data;
  const options = choices(c);
  if (options) return { ...field, kind: 'select', options };
  if (type === 'boolean') return { ...field, kind: 'switch' };
  if (type === 'number') {
    const n = c as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
    return {
      ...field,
      kind: 'number',
      ...(n.minValue !== null && Number.isFinite(n.minValue) ? { min: n.minValue } : {}),
      ...(n.maxValue !== null && Number.isFinite(n.maxValue) ? { max: n.maxValue } : {}),
      ...(n.isInt ? { integer: true } : {}),
    };
  }
  if (type === 'string') {
    const t = c as unknown as { minLength: number | null; maxLength: number | null };
    return { ...field, ...(t.minLength ? { min: t.minLength } : {}), ...(t.maxLength !== null ? { max: t.maxLength } : {}) };
  }
  return field;
}

/** Every field of an endpoint's object body, in the schema's order. */
export function deriveFields(body: z.ZodObject): DerivedField[] {
  return Object.entries(body.shape).map(([name, schema]) => deriveField(name, schema as z.ZodType));
}
