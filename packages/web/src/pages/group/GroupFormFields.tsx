import { Form, Input, Radio, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { GROUP_LIMITS, GroupAuth, type GroupAuthValue } from '@oj/shared';

/** The fields of the group form as the create dialog and the settings page edit them. */
export interface GroupFormValues {
  name: string;
  shortName: string;
  brief: string;
  description: string;
  auth: GroupAuthValue;
  code?: string;
}

const L = GROUP_LIMITS;

/** A text between `min` and `max` characters (spaces around it not counted), with the server's own message. */
const lengthRule = (min: number, max: number, message: string): FormRule[] => [
  { required: true, whitespace: true, message },
  {
    validator: (_r, v: string | undefined) =>
      (v ?? '').trim().length >= min && (v ?? '').trim().length <= max ? Promise.resolve() : Promise.reject(new Error(message)),
  },
];

/**
 * Name 5–25, short name 5–10, brief 5–50, description 5–1000, auth, and the 6-character code shown only
 * for a protected or private group; checked on blur (the Form sets `validateTrigger`).
 */
export function GroupFormFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="name" label={t('group.form.name')} rules={lengthRule(L.nameMin, L.nameMax, t('msg.groupNameInvalid'))}>
        <Input maxLength={L.nameMax} showCount data-testid="group-form-name" />
      </Form.Item>
      <Form.Item name="shortName" label={t('group.form.shortName')} rules={lengthRule(L.shortNameMin, L.shortNameMax, t('msg.groupShortNameInvalid'))}>
        <Input maxLength={L.shortNameMax} showCount data-testid="group-form-short-name" />
      </Form.Item>
      <Form.Item name="brief" label={t('group.form.brief')} rules={lengthRule(L.briefMin, L.briefMax, t('msg.groupBriefInvalid'))}>
        <Input maxLength={L.briefMax} showCount data-testid="group-form-brief" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('group.form.description')}
        rules={lengthRule(L.descriptionMin, L.descriptionMax, t('msg.groupDescriptionInvalid'))}
      >
        <Input.TextArea maxLength={L.descriptionMax} showCount autoSize={{ minRows: 4, maxRows: 12 }} data-testid="group-form-description" />
      </Form.Item>
      <Form.Item name="auth" label={t('group.form.auth')} rules={[{ required: true, message: t('msg.groupAuthInvalid') }]} validateTrigger="onChange">
        <Radio.Group
          data-testid="group-form-auth"
          options={[
            { value: GroupAuth.PUBLIC, label: <span data-testid="group-form-auth-1">{t('group.auth.1')}</span> },
            { value: GroupAuth.PROTECTED, label: <span data-testid="group-form-auth-2">{t('group.auth.2')}</span> },
            { value: GroupAuth.PRIVATE, label: <span data-testid="group-form-auth-3">{t('group.auth.3')}</span> },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.auth !== b.auth}>
        {({ getFieldValue }) =>
          getFieldValue('auth') !== GroupAuth.PUBLIC && (
            <Form.Item
              name="code"
              label={t('group.form.code')}
              extra={t('group.form.codeHint')}
              rules={lengthRule(L.codeLength, L.codeLength, t('msg.groupCodeInvalid'))}
            >
              <Input maxLength={L.codeLength} showCount autoComplete="off" data-testid="group-form-code" />
            </Form.Item>
          )
        }
      </Form.Item>
    </>
  );
}
