import { isValidElement, useMemo, type ReactElement } from 'react';
import { Form, Input, InputNumber, Select, Switch, type FormInstance, type FormItemProps, type FormProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { deriveFields, type DerivedField, type FieldKind, type FieldOption } from './endpointFields';

/** What a page changes of one derived field. */
export interface FieldOverride {
  label?: string;
  /** not shown (the page supplies the value, e.g. an id or the bank) */
  hidden?: boolean;
  /** another kind of control, or a control of the page's own (Markdown editor, colour picker) */
  widget?: FieldKind | ReactElement;
  /** a select's options with their labels */
  options?: FieldOption[];
  /** the message under an empty required field; "<label> is required" by default */
  requiredMessage?: string;
  /** data-testid of the control */
  testId?: string;
  /** more of the Form.Item: valuePropName, getValueProps/normalize to map a value, extra */
  item?: Omit<FormItemProps, 'name' | 'label' | 'children'>;
  /** more props of a derived control (placeholder, allowClear …) */
  control?: Record<string, unknown>;
}

export type FieldOverrides<B extends z.ZodObject> = { [K in keyof B['shape']]?: FieldOverride };

export interface EndpointFormProps<B extends z.ZodObject> extends Omit<FormProps, 'form' | 'children'> {
  /** the endpoint's body schema (`endpoints.x.body`) */
  body: B;
  form: FormInstance;
  overrides?: FieldOverrides<B>;
}

function rulesOf(f: DerivedField, label: string, o: FieldOverride, requiredText: string): Rule[] {
  const rules: Rule[] = [];
  if (f.required && f.kind !== 'switch') rules.push({ required: true, whitespace: f.kind === 'input', message: o.requiredMessage ?? requiredText });
  if (f.kind === 'number' && (f.min !== undefined || f.max !== undefined))
    rules.push({ type: 'number', min: f.min, max: f.max, message: `${label}: ${f.min ?? ''} – ${f.max ?? ''}` });
  return rules;
}

function control(f: DerivedField, o: FieldOverride) {
  const testId = o.testId ? { 'data-testid': o.testId } : {};
  if (isValidElement(o.widget)) return o.widget;
  const kind = o.widget ?? f.kind;
  const extra = { ...testId, ...o.control };
  if (kind === 'number') return <InputNumber min={f.min} max={f.max} precision={f.integer ? 0 : undefined} style={{ width: '100%' }} {...extra} />;
  if (kind === 'switch') return <Switch {...extra} />;
  if (kind === 'select') return <Select options={o.options ?? f.options} allowClear={!f.required} {...extra} />;
  return <Input maxLength={f.max} {...extra} />;
}

/**
 * A form derived from an endpoint's zod body: one Form.Item per field, in the schema's order, with the
 * control and the rules the schema implies (text → Input with its length, number → InputNumber with
 * its bounds, boolean → Switch, enum or literals → Select; a field the schema needs is required). The
 * page names the labels and changes what does not fit; the server checks the same schema again.
 */
export function EndpointForm<B extends z.ZodObject>({ body, form, overrides, layout = 'vertical', ...props }: EndpointFormProps<B>) {
  const { t } = useTranslation();
  const fields = useMemo(() => deriveFields(body), [body]);
  const initialValues = useMemo(
    () => ({ ...Object.fromEntries(fields.filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial])), ...props.initialValues }),
    [fields, props.initialValues],
  );
  return (
    <Form form={form} layout={layout} {...props} initialValues={initialValues}>
      {fields.map((f) => {
        const o: FieldOverride = (overrides as Record<string, FieldOverride> | undefined)?.[f.name] ?? {};
        if (o.hidden) return null;
        const label = o.label ?? f.name;
        const kind = isValidElement(o.widget) ? undefined : (o.widget ?? f.kind);
        return (
          <Form.Item
            key={f.name}
            name={f.name}
            label={label}
            rules={rulesOf(f, label, o, t('admin.required', { field: label }))}
            valuePropName={kind === 'switch' ? 'checked' : undefined}
            {...o.item}
          >
            {control(f, o)}
          </Form.Item>
        );
      })}
    </Form>
  );
}
