import { Form, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { BUILTIN_CHECKERS, CHECKER_CONVENTIONS, CHECKER_PRECISION, type BuiltinChecker, type JudgeMode } from '@oj/shared';

const PRECISIONS = Array.from({ length: CHECKER_PRECISION.max - CHECKER_PRECISION.min + 1 }, (_, i) => CHECKER_PRECISION.min + i);

/**
 * Under the judge mode: the built-in comparator (and the float error) of the standard mode, or how
 * the verdict of a special judge / interactor is read. Fields of the surrounding problem form.
 */
export function CheckerFields({ judgeMode }: { judgeMode: JudgeMode }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const checker = (Form.useWatch('builtinChecker', form) as BuiltinChecker | undefined) ?? 'lines';
  if (judgeMode !== 'default') {
    return (
      <Form.Item name="checkerConvention" label={t('admin.checker.convention')} extra={t('admin.checker.conventionHint')}>
        <Radio.Group
          options={CHECKER_CONVENTIONS.map((c) => ({ value: c, label: t(`admin.checker.conventions.${c}`) }))}
          data-testid="field-checkerConvention"
        />
      </Form.Item>
    );
  }
  return (
    <Space wrap align="start" size="large">
      <Form.Item name="builtinChecker" label={t('admin.checker.label')} extra={t(`admin.checker.help.${checker}`)} style={{ maxWidth: 420 }}>
        <Select
          options={BUILTIN_CHECKERS.map((c) => ({ value: c, label: t(`admin.checker.kinds.${c}`) }))}
          style={{ width: 260 }}
          data-testid="field-builtinChecker"
        />
      </Form.Item>
      {checker === 'floats' && (
        <Form.Item name="checkerPrecision" label={t('admin.checker.precision')}>
          <Select options={PRECISIONS.map((n) => ({ value: n, label: `1e-${n}` }))} style={{ width: 120 }} data-testid="field-checkerPrecision" />
        </Form.Item>
      )}
    </Space>
  );
}
