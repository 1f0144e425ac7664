import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, DatePicker, Form, Input, InputNumber, Radio, Result, Row, Select, Space, Switch, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONTEST_RANK_SHOW_NAMES, ContestAuth, OI_RANK_SCORE_TYPES, contestDurationMs, type AdminContest, contestRule, CONTEST_TYPES } from '@oj/shared';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';
import { authKey, formatDuration } from '../../../components/contest/meta';
import { MarkdownEditor } from '../../components/MarkdownEditor';
import { AwardTable } from '../../contest/AwardTable';
import { ContestHeader } from '../../contest/ContestHeader';
import { useContestAdminScope } from '../../../api/contestAdminScope';
import { StarUsers } from '../../contest/StarUsers';
import {
  accountPreview,
  defaultAwards,
  defaultContestValues,
  defaultSealOption,
  contestValuesOf,
  SEAL_OPTIONS,
  sealOptionDisabled,
  toContestBody,
  validateContest,
  type ContestFormValues,
} from '../../contest/contestForm';
import '../../contest/contest-admin.css';
import { quietly } from '../../../api/client';
import { PageLoading } from '../../../app/layout/PageLoading';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** An on/off setting of the contest, its hint (if any) behind the label's question mark. */
function SwitchItem({ name, label, hint, testId }: { name: keyof ContestFormValues; label: string; hint?: string; testId: string }) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked" tooltip={hint}>
      <Switch data-testid={testId} />
    </Form.Item>
  );
}

/** Create (no `contestId`) or edit a contest (contest/create, contest/{contestId}/edit). */
export default function ContestEditPage() {
  const { contestId } = useParams();
  const cid = contestId !== undefined ? Number(contestId) : undefined;
  const { t } = useTranslation();
  const valid = cid === undefined || (Number.isInteger(cid) && cid > 0);
  const { api } = useContestAdminScope();
  const detail = useQuery({
    queryKey: ['admin-contest', cid],
    queryFn: quietly(() => api.get(cid!)),
    enabled: cid !== undefined && valid,
    gcTime: 0,
    retry: false,
  });

  if (!valid) return <Result status="404" title={t('msg.contestNotFound')} />;
  if (detail.isError) return <Result status="warning" title={(detail.error as Error).message} />;
  if (cid !== undefined && !detail.data) return <PageLoading />;
  return <ContestForm key={cid ?? 'new'} cid={cid} detail={detail.data} />;
}

function ContestForm({ cid, detail }: { cid?: number; detail?: AdminContest }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const scope = useContestAdminScope();
  const [form] = Form.useForm<ContestFormValues>();
  const initial = useMemo(() => (detail ? contestValuesOf(detail) : defaultContestValues()), [detail]);
  const [saving, setSaving] = useState(false);

  // preserve: fields that are not shown (the seal choice while sealing is off, …) are still watched.
  // A hook itself (hence the name): called unconditionally, in the same order, on every render.
  const useField = <K extends keyof ContestFormValues>(name: K): ContestFormValues[K] =>
    (Form.useWatch(name, { form, preserve: true }) ?? initial[name]) as ContestFormValues[K];
  const startTime = useField('startTime');
  const endTime = useField('endTime');
  const type = useField('type');
  const auth = useField('auth');
  const openAccountLimit = useField('openAccountLimit');
  const accountRule = useField('accountRule');
  const sealRank = useField('sealRank');
  const awardType = useField('awardType');
  const duration = contestDurationMs(startTime, endTime);
  const bothTimes = !!startTime && !!endTime;
  const preview = accountPreview(accountRule);

  const label = (key: 'title' | 'description' | 'startTime' | 'endTime' | 'password') => t(`admin.contest.labels.${key}`);

  const onValuesChange = (changed: Partial<ContestFormValues>) => {
    // The whole store: fields not shown at the moment (awards, seal choice) are not in antd's allValues.
    const all = { ...initial, ...(form.getFieldsValue(true) as ContestFormValues) };
    // A message set by the last save attempt goes once its field changes.
    form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof ContestFormValues, errors: [] })));
    const d = contestDurationMs(all.startTime, all.endTime);
    if (changed.sealRank === true) form.setFieldValue('sealOption', defaultSealOption(all.type, d));
    else if (all.sealRank && ('startTime' in changed || 'endTime' in changed) && sealOptionDisabled(all.sealOption, d)) {
      form.setFieldValue('sealOption', defaultSealOption(all.type, d));
    }
    if ('awardType' in changed && changed.awardType !== 0 && !all.awardConfigList?.length) form.setFieldValue('awardConfigList', defaultAwards());
  };

  const save = async () => {
    const values = { ...initial, ...(form.getFieldsValue(true) as ContestFormValues) };
    const problem = validateContest(values, label);
    if (problem) {
      const text = t(problem.key, problem.params);
      feedback.error(text);
      if (problem.field) {
        form.setFields([{ name: problem.field, errors: [text] }]);
        form.scrollToField(problem.field, { block: 'center' });
      }
      return;
    }
    setSaving(true);
    try {
      const body = toContestBody(values, cid);
      const res = cid ? await scope.api.update(body) : await scope.api.create(body);
      feedback.success(successMsg(res.msg, cid ? 'admin.updated' : 'admin.added'));
      client.removeQueries({ queryKey: ['admin-contests'] });
      client.removeQueries({ queryKey: ['admin-contest', cid] });
      // The router's promise settles once the next page is shown; nothing here waits for that.
      void navigate(scope.listPath);
    } catch {
      /* the client has shown the server's message */
    } finally {
      setSaving(false);
    }
  };

  const durationText = () => {
    if (!bothTimes) return <span className="oj-muted">—</span>;
    return duration > 0 ? formatDuration(t, duration) : '0';
  };

  return (
    <div className="oj-admin-page" data-testid="admin-contest-form">
      <Form form={form} layout="vertical" initialValues={initial} onValuesChange={onValuesChange} requiredMark>
        <div className="oj-stack">
          {cid && <ContestHeader contest={detail} section="edit" />}
          <Card title={cid ? t('admin.contest.editTitle', { title: detail?.title ?? cid }) : t('admin.menu.contestCreate')}>
            <Form.Item name="title" label={label('title')} required>
              <Input maxLength={255} data-testid="contest-title" />
            </Form.Item>
            <Form.Item name="description" label={label('description')} required>
              <MarkdownEditor rows={6} testId="contest-description" />
            </Form.Item>
          </Card>

          <Card title={t('admin.contest.timeAndAccess')}>
            <Row gutter={16}>
              <Col xs={24} md={9}>
                <Form.Item name="startTime" label={label('startTime')} required>
                  <DatePicker showTime format={TIME_FORMAT} style={{ width: '100%' }} data-testid="contest-start" />
                </Form.Item>
              </Col>
              <Col xs={24} md={9}>
                <Form.Item name="endTime" label={label('endTime')} required>
                  <DatePicker showTime format={TIME_FORMAT} style={{ width: '100%' }} data-testid="contest-end" />
                </Form.Item>
              </Col>
              <Col xs={24} md={6}>
                <Form.Item
                  label={t('admin.contest.duration')}
                  validateStatus={bothTimes && duration <= 0 ? 'error' : undefined}
                  help={bothTimes && duration <= 0 ? <span data-testid="contest-duration-error">{t('msg.contestDurationInvalid')}</span> : undefined}
                >
                  <div className="oj-contest-duration" data-testid="contest-duration">
                    {durationText()}
                  </div>
                </Form.Item>
              </Col>
            </Row>
            <Row gutter={16}>
              <Col xs={24} md={9}>
                <Form.Item name="type" label={t('admin.contest.type')} tooltip={cid ? t('admin.contest.typeFixed') : undefined}>
                  <Radio.Group
                    disabled={!!cid}
                    optionType="button"
                    options={[...CONTEST_TYPES.map((r) => ({ value: r.type, label: r.label }))]}
                    data-testid="contest-type"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={15}>
                <Form.Item name="auth" label={t('admin.contest.auth')}>
                  <Radio.Group
                    optionType="button"
                    options={[ContestAuth.PUBLIC, ContestAuth.PRIVATE, ContestAuth.PROTECTED].map((a) => ({
                      value: a,
                      label: t(`contest.auth.${authKey(a)}`),
                    }))}
                    data-testid="contest-auth"
                  />
                </Form.Item>
              </Col>
            </Row>
            {auth !== ContestAuth.PUBLIC && (
              <>
                <Alert
                  type="info"
                  showIcon
                  className="oj-contest-hint"
                  title={t(auth === ContestAuth.PRIVATE ? 'admin.contest.privateHint' : 'admin.contest.protectedHint')}
                />
                <Row gutter={16}>
                  <Col xs={24} md={9}>
                    <Form.Item name="pwd" label={label('password')} required>
                      <Input.Password maxLength={255} autoComplete="new-password" data-testid="contest-pwd" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={15}>
                    <SwitchItem
                      name="openAccountLimit"
                      label={t('admin.contest.accountLimit')}
                      hint={t('admin.contest.accountLimitHint')}
                      testId="contest-account-limit"
                    />
                  </Col>
                </Row>
                {openAccountLimit && (
                  <div className="oj-contest-box" data-testid="contest-account-rule">
                    <Row gutter={12}>
                      <Col xs={12} md={6}>
                        <Form.Item name={['accountRule', 'prefix']} label={t('admin.contest.rule.prefix')}>
                          <Input maxLength={50} data-testid="rule-prefix" />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={6}>
                        <Form.Item name={['accountRule', 'suffix']} label={t('admin.contest.rule.suffix')}>
                          <Input maxLength={50} data-testid="rule-suffix" />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={6}>
                        <Form.Item name={['accountRule', 'numberFrom']} label={t('admin.contest.rule.from')}>
                          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} data-testid="rule-from" />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={6}>
                        <Form.Item name={['accountRule', 'numberTo']} label={t('admin.contest.rule.to')}>
                          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} data-testid="rule-to" />
                        </Form.Item>
                      </Col>
                    </Row>
                    <Form.Item name={['accountRule', 'extra']} label={t('admin.contest.rule.extra')} tooltip={t('admin.contest.rule.extraHint')}>
                      <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={4000} data-testid="rule-extra" />
                    </Form.Item>
                    {preview ? (
                      <div className="oj-contest-preview" data-testid="rule-preview">
                        <span className="oj-muted">{t('admin.contest.rule.preview', { count: preview.total })}</span>
                        <div className="oj-contest-preview-names">
                          {preview.names.map((n, i) => (n === '…' ? <span key={`gap-${i}`}>… </span> : <Tag key={`${n}-${i}`}>{n}</Tag>))}
                        </div>
                      </div>
                    ) : (
                      <Typography.Text type="warning" data-testid="rule-range-warning">
                        {t('admin.contest.accountRangeInvalid')}
                      </Typography.Text>
                    )}
                  </div>
                )}
              </>
            )}
          </Card>

          <Card title={t('admin.contest.scoreboard')}>
            <Row gutter={16}>
              <Col xs={12} md={6}>
                <SwitchItem name="sealRank" label={t('admin.contest.sealRank')} hint={t('admin.contest.sealRankHint')} testId="contest-seal" />
              </Col>
              {sealRank && (
                <>
                  <Col xs={24} md={12}>
                    <Form.Item name="sealOption" label={t('admin.contest.sealTime')}>
                      <Radio.Group data-testid="contest-seal-options">
                        {SEAL_OPTIONS.map((o) => (
                          <Radio key={o} value={o} disabled={sealOptionDisabled(o, duration)} data-testid={`seal-option-${o}`}>
                            {t(`admin.contest.sealOption.${o}`)}
                          </Radio>
                        ))}
                      </Radio.Group>
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <SwitchItem
                      name="autoRealRank"
                      label={t('admin.contest.autoRealRank')}
                      hint={t('admin.contest.autoRealRankHint')}
                      testId="contest-auto-real-rank"
                    />
                  </Col>
                </>
              )}
            </Row>
            <Row gutter={16}>
              {contestRule(type).picksScoreType && (
                <Col xs={24} md={8}>
                  <Form.Item name="oiRankScoreType" label={t('admin.contest.oiRankScoreType')} tooltip={t('admin.contest.oiRankScoreTypeHint')}>
                    <Radio.Group
                      optionType="button"
                      options={OI_RANK_SCORE_TYPES.map((v) => ({ value: v, label: t(`admin.contest.oiScore.${v}`) }))}
                      data-testid="contest-oi-score"
                    />
                  </Form.Item>
                </Col>
              )}
              <Col xs={24} md={8}>
                <Form.Item name="rankShowName" label={t('admin.contest.rankShowName')}>
                  <Select
                    options={CONTEST_RANK_SHOW_NAMES.map((v) => ({ value: v, label: t(`admin.contest.showName.${v}`) }))}
                    data-testid="contest-rank-show-name"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <SwitchItem name="openRank" label={t('admin.contest.openRank')} hint={t('admin.contest.openRankHint')} testId="contest-open-rank" />
              </Col>
            </Row>
            <Form.Item name="starAccount" label={t('admin.contest.starAccount')} tooltip={t('admin.contest.starAccountHint')}>
              <StarUsers />
            </Form.Item>
            <Form.Item name="awardType" label={t('admin.contest.awardType')}>
              <Radio.Group
                optionType="button"
                options={[0, 1, 2].map((v) => ({ value: v, label: t(`admin.contest.awardTypeName.${v}`) }))}
                data-testid="contest-award-type"
              />
            </Form.Item>
            {awardType !== 0 && (
              <Form.Item name="awardConfigList" extra={t(awardType === 1 ? 'admin.contest.award.percentHint' : 'admin.contest.award.countHint')}>
                <AwardTable awardType={awardType} />
              </Form.Item>
            )}
          </Card>

          <Card title={t('admin.contest.other')}>
            <Row gutter={16}>
              <Col xs={12} md={6}>
                <SwitchItem name="openPrint" label={t('admin.contest.openPrint')} hint={t('admin.contest.openPrintHint')} testId="contest-open-print" />
              </Col>
              <Col xs={12} md={6}>
                <SwitchItem
                  name="allowEndSubmit"
                  label={t('admin.contest.allowEndSubmit')}
                  hint={t('admin.contest.allowEndSubmitHint')}
                  testId="contest-allow-end-submit"
                />
              </Col>
              {contestRule(type).hackable && (
                <Col xs={12} md={6}>
                  <SwitchItem name="allowHacks" label={t('admin.contest.allowHacks')} hint={t('admin.contest.allowHacksHint')} testId="contest-allow-hacks" />
                </Col>
              )}
              <Col xs={12} md={6}>
                <SwitchItem name="visible" label={t('admin.contest.visible')} testId="contest-visible" />
              </Col>
            </Row>
          </Card>

          <div className="oj-admin-actions">
            <Space>
              <Button onClick={() => navigate(scope.listPath)}>{t('admin.cancel')}</Button>
              <Button type="primary" loading={saving} onClick={() => void save()} data-testid="contest-save">
                {t('admin.save')}
              </Button>
            </Space>
          </div>
        </div>
      </Form>
    </div>
  );
}
