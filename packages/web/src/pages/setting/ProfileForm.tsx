import { useState } from 'react';
import { Button, Col, Form, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { GENDERS, LIMITS, type ChangeUserInfoBody, type UserInfo } from '@oj/shared';
import { accountApi } from '../../api/account';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { session } from '../../app/session';

type Values = Required<{ [K in keyof ChangeUserInfoBody]: string }>;

/** Text fields with the server's limits (changeUserInfoBody). */
const FIELDS: { name: Exclude<keyof Values, 'gender' | 'signature' | 'course'>; max: number; url?: boolean }[] = [
  { name: 'nickname', max: 20 },
  { name: 'realname', max: 50 },
  { name: 'school', max: 100 },
  { name: 'number', max: 50 },
  { name: 'blog', max: LIMITS.shortText, url: true },
  { name: 'github', max: LIMITS.shortText, url: true },
  { name: 'cfUsername', max: 50 },
];

export function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const initial = {
    nickname: user.nickname ?? '',
    realname: user.realname ?? '',
    school: user.school ?? '',
    number: user.number ?? '',
    blog: user.blog ?? '',
    github: user.github ?? '',
    cfUsername: user.cfUsername ?? '',
    signature: user.signature ?? '',
    gender: user.gender ?? 'secrecy',
  };

  const onFinish = async (values: Omit<Values, 'course'>) => {
    setLoading(true);
    try {
      const body: ChangeUserInfoBody = {
        ...Object.fromEntries(FIELDS.map((f) => [f.name, (values[f.name] ?? '').trim()])),
        signature: values.signature ?? '',
        gender: values.gender as ChangeUserInfoBody['gender'],
      };
      const res = await accountApi.changeUserInfo(body);
      session.setUser(res.data);
      feedback.success(successMsg(res.msg, 'msg.profileUpdated'));
    } catch {
      /* shown by the client */
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form layout="vertical" initialValues={initial} onFinish={(v) => void onFinish(v)} data-testid="profile-form">
      <Row gutter={16}>
        {FIELDS.map((f) => (
          <Col xs={24} md={12} key={f.name}>
            <Form.Item name={f.name} label={t(`profile.${f.name}`)} rules={f.url ? [{ type: 'url', message: t('validation.url') }] : undefined}>
              <Input maxLength={f.max} placeholder={f.url ? 'https://' : undefined} data-testid={`profile-${f.name}`} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item name="gender" label={t('profile.gender')}>
            <Radio.Group data-testid="profile-gender" options={GENDERS.map((g) => ({ value: g, label: t(`profile.genders.${g}`) }))} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="signature" label={t('profile.signature')} extra={t('profile.signatureHint')}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={LIMITS.mediumText} data-testid="profile-signature" />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={loading} data-testid="profile-submit">
        {t('profile.save')}
      </Button>
    </Form>
  );
}
