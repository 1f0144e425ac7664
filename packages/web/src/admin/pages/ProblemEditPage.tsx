import { useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Form, Input, InputNumber, Modal, Radio, Result, Row, Select, Space, Switch } from 'antd';
import { DeleteOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_PROBLEM_EXAMPLES, type AdminProblemDetail, type LanguageInfo } from '@oj/shared';
import { adminProblemApi } from '../../api/adminProblem';
import { ApiError, quietly } from '../../api/client';
import { useLanguages } from '../../api/queries';
import { feedback } from '../../app/feedback';
import { successMsg } from '../../app/i18n';
import { CheckerFields } from '../components/CheckerFields';
import { CodeEditor } from '../components/CodeEditor';
import { CodeTemplates } from '../components/CodeTemplates';
import { ExtraFilesEditor } from '../components/ExtraFilesEditor';
import { MarkdownEditor } from '../components/MarkdownEditor';
import { TagPicker } from '../components/TagPicker';
import { newCaseKey, TestCaseEditor } from '../components/TestCaseEditor';
import { SubtaskDependencies } from '../components/SubtaskDependencies';
import { HackKitCard } from '../components/HackKitCard';
import { useMay } from '../../app/may';
import { defaultValues, isSubtaskMode, keptRows, subtasksOf, toBody, validateProblem, valuesOf, type CaseState, type ProblemFormValues } from '../problemForm';
import type { ProblemPlacement } from '../problemPlacement';
import { placeOf, type ProblemPlace } from '../problemPlaces';
import { ADMIN_EDITOR_CALLS, ProblemEditorCallsContext, useProblemEditorCalls } from '../problemEditorCalls';
import { JUDGE_CASE_MODES, JUDGE_MODES, PROBLEM_AUTHS, SPJ_LANGUAGES } from '../problemOptions';
import { PageLoading } from '../../app/layout/PageLoading';

/**
 * Create (no `pid`) or edit a problem (problem/create, problem/edit/{id}) in the place the
 * route names (`problemPlaces.ts`), which decides starting values, locked fields, its own fields,
 * the save call and where to go back to (`ProblemPlacement`).
 */
export default function ProblemEditPage() {
  const params = useParams();
  const { place, placeId } = placeOf(params);
  // Keyed by place: each place's loader is a different hook.
  return <PlacedProblemEditor key={place.name} place={place} placeId={placeId} pidParam={params.pid} />;
}

function PlacedProblemEditor({ place, placeId, pidParam }: { place: ProblemPlace; placeId?: string; pidParam?: string }) {
  const pid = pidParam ? Number(pidParam) : undefined;
  const validPid = pid !== undefined && Number.isInteger(pid) && pid > 0;
  const { t } = useTranslation();
  const languages = useLanguages();
  const detail = useQuery({
    queryKey: ['admin-problem', pid],
    queryFn: quietly(() => (place.get ?? adminProblemApi.get)(pid!)),
    enabled: validPid,
    gcTime: 0,
  });
  const where = place.usePlacement(placeId, validPid ? pid : undefined);

  if (pid !== undefined && !validPid) return <Result status="404" title={t('msg.problemNotFound')} />;
  if (detail.isError) return <Result status="warning" title={(detail.error as Error).message} />;
  if (where.notFound) return <Result status="404" title={t(where.notFound)} />;
  if (where.error) return <Result status="warning" title={where.error.message} />;
  if ((pid !== undefined && !detail.data) || (languages.isPending && !languages.data) || where.pending || !where.placement) return <PageLoading />;
  // The form's parts (checker compile, zip, uploads, tags) call what the place provides.
  return (
    <ProblemEditorCallsContext.Provider value={where.placement.calls ?? ADMIN_EDITOR_CALLS}>
      <ProblemForm key={`${placeId ?? ''}:${pid ?? 'new'}`} pid={pid} detail={detail.data} languages={languages.data ?? []} placement={where.placement} />
    </ProblemEditorCallsContext.Provider>
  );
}

function ProblemForm({
  pid,
  detail,
  languages,
  placement,
}: {
  pid?: number;
  detail?: AdminProblemDetail;
  languages: LanguageInfo[];
  placement: ProblemPlacement;
}) {
  const { t } = useTranslation();
  const mayManageProblems = useMay('manageProblems');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<ProblemFormValues>();
  const initial = useMemo(
    () =>
      placement.initialValues({
        defaults: defaultValues(languages.map((l) => l.name)),
        loaded: detail
          ? valuesOf(
              detail,
              languages.map((l) => l.name),
            )
          : undefined,
      }),
    [detail, languages, placement],
  );
  const { backTo, locked } = placement;
  const calls = useProblemEditorCalls();
  const kept = useMemo(() => (detail?.cases.length ? keptRows(detail, newCaseKey) : null), [detail]);
  const [cases, setCases] = useState<CaseState>(() => (kept ? { source: 'keep', rows: kept.rows } : { source: 'upload', rows: [] }));
  // Stored checker code compiled when it was saved; any change to it needs a new compile.
  const [compiled, setCompiled] = useState(!!detail && detail.problem.judgeMode !== 'default');
  const [compiling, setCompiling] = useState(false);
  const [compileError, setCompileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const type = Form.useWatch('type', form) ?? initial.type;
  const judgeMode = Form.useWatch('judgeMode', form) ?? initial.judgeMode;
  const judgeCaseMode = Form.useWatch('judgeCaseMode', form) ?? initial.judgeCaseMode;
  const isFileIO = Form.useWatch('isFileIO', form) ?? initial.isFileIO;
  const enabled = Form.useWatch('languages', form) ?? initial.languages;
  const spjLanguage = Form.useWatch('spjLanguage', form) ?? initial.spjLanguage;
  const allNames = languages.map((l) => l.name);
  const required = (field: string) => [{ required: true, whitespace: true, message: t('admin.required', { field }) }];

  const onValuesChange = (changed: Partial<ProblemFormValues>) => {
    if ('spjCode' in changed || 'spjLanguage' in changed || 'judgeMode' in changed) setCompiled(false);
    if ('judgeMode' in changed) feedback.warning(t('admin.problem.judgeModeWarning'), 6);
  };

  const compile = async () => {
    const v = form.getFieldsValue(true) as ProblemFormValues;
    if (!v.spjCode.trim()) {
      feedback.error(t('admin.problem.spjCodeRequired'));
      return;
    }
    setCompiling(true);
    try {
      const res = await calls.compile(v.judgeMode === 'interactive' ? 'interactive' : 'spj', {
        code: v.spjCode,
        pid,
        language: v.spjLanguage,
        extraFiles: Object.keys(v.judgeExtraFile).length ? v.judgeExtraFile : null,
      });
      setCompiled(true);
      feedback.success(successMsg(res.msg, 'admin.problem.compileSuccess'));
    } catch (err) {
      setCompiled(false);
      setCompileError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setCompiling(false);
    }
  };

  const save = async () => {
    let values: ProblemFormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as ProblemFormValues;
    } catch {
      feedback.error(t('admin.problem.fixErrors'));
      return;
    }
    const problems = validateProblem(values, cases, compiled);
    if (problems.length) {
      feedback.error(t(problems[0]!.key, problems[0]!.params));
      return;
    }
    setSaving(true);
    try {
      const body = toBody(values, cases, pid);
      const res = await placement.save(body, values);
      feedback.success(successMsg(res.msg, pid ? 'admin.updated' : 'admin.added'));
      // Dropped rather than invalidated: the list must not show the old row while it refetches.
      client.removeQueries({ queryKey: ['admin-problems'] });
      for (const queryKey of placement.staleQueries) client.removeQueries({ queryKey });
      void client.invalidateQueries({ queryKey: ['admin-problem-count'] });
      // The router's promise settles once the next page is shown; nothing here waits for that.
      void navigate(backTo);
    } catch {
      /* the client has shown the server's message */
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="oj-admin-page" data-testid="admin-problem-form">
      <Form form={form} layout="vertical" initialValues={initial} onValuesChange={onValuesChange} scrollToFirstError>
        <div className="oj-stack">
          {placement.fields}
          <Card title={placement.title(pid ? (detail?.problem.problemId ?? pid) : undefined)}>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item
                  name="problemId"
                  label={t('admin.problem.problemId')}
                  rules={[...required(t('admin.problem.problemId')), { pattern: /^[A-Za-z0-9_-]+$/, message: t('admin.problem.problemIdChars') }]}
                >
                  <Input maxLength={50} addonBefore={placement.problemIdPrefix} data-testid="field-problemId" />
                </Form.Item>
              </Col>
              <Col xs={24} md={16}>
                <Form.Item name="title" label={t('admin.problem.title')} rules={required(t('admin.problem.title'))}>
                  <Input maxLength={255} data-testid="field-title" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item
                  name="timeLimit"
                  label={t('admin.problem.timeLimit')}
                  rules={[{ required: true, message: t('admin.required', { field: t('admin.problem.timeLimit') }) }]}
                >
                  <InputNumber min={1} max={60000} precision={0} addonAfter="ms" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item
                  name="memoryLimit"
                  label={t('admin.problem.memoryLimit')}
                  rules={[{ required: true, message: t('admin.required', { field: t('admin.problem.memoryLimit') }) }]}
                >
                  <InputNumber min={1} max={4096} precision={0} addonAfter="MB" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item
                  name="stackLimit"
                  label={t('admin.problem.stackLimit')}
                  rules={[{ required: true, message: t('admin.required', { field: t('admin.problem.stackLimit') }) }]}
                >
                  <InputNumber min={1} max={4096} precision={0} addonAfter="MB" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={12} lg={6}>
                <Form.Item name="type" label={t('admin.problem.type')} tooltip={locked.type}>
                  <Radio.Group
                    options={[
                      { value: 0, label: 'ACM' },
                      { value: 1, label: 'OI' },
                    ]}
                    disabled={locked.type !== undefined}
                    data-testid="field-type"
                  />
                </Form.Item>
              </Col>
              <Col xs={12} lg={6}>
                <Form.Item name="difficulty" label={t('admin.problem.difficulty')}>
                  <Select options={[0, 1, 2, 3, 4, 5].map((d) => ({ value: d, label: t(`difficulty.${d}`) }))} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={16} lg={8}>
                <Form.Item name="auth" label={t('admin.problem.auth')} tooltip={locked.auth}>
                  <Radio.Group
                    options={PROBLEM_AUTHS.map((a) => ({
                      value: a.value,
                      label: t(`admin.auth.${a.key}`),
                      disabled: placement.disabledAuths?.includes(a.value),
                    }))}
                    disabled={locked.auth !== undefined}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8} lg={4}>
                <Form.Item name="codeShare" label={t('admin.problem.codeShare')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
            </Row>
          </Card>

          <Card title={t('admin.problem.statement')}>
            <Form.Item name="description" label={t('admin.problem.description')}>
              <MarkdownEditor rows={8} testId="field-description" />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} lg={12}>
                <Form.Item name="input" label={t('admin.problem.input')} rules={required(t('admin.problem.input'))}>
                  <MarkdownEditor rows={5} testId="field-input" />
                </Form.Item>
              </Col>
              <Col xs={24} lg={12}>
                <Form.Item name="output" label={t('admin.problem.output')} rules={required(t('admin.problem.output'))}>
                  <MarkdownEditor rows={5} testId="field-output" />
                </Form.Item>
              </Col>
            </Row>
            <Form.List name="examples">
              {(fields, { add, remove }) => (
                <div className="oj-stack">
                  {fields.map((field, i) => (
                    <Card
                      key={field.key}
                      size="small"
                      title={t('admin.problem.exampleN', { n: i + 1 })}
                      extra={
                        <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('admin.delete')} />
                      }
                    >
                      <div className="oj-admin-two">
                        <Form.Item name={[field.name, 'input']} label={t('admin.problem.exampleInput')} style={{ marginBottom: 0 }}>
                          <Input.TextArea className="oj-mono" autoSize={{ minRows: 3, maxRows: 12 }} data-testid={`example-input-${i}`} />
                        </Form.Item>
                        <Form.Item name={[field.name, 'output']} label={t('admin.problem.exampleOutput')} style={{ marginBottom: 0 }}>
                          <Input.TextArea className="oj-mono" autoSize={{ minRows: 3, maxRows: 12 }} data-testid={`example-output-${i}`} />
                        </Form.Item>
                      </div>
                    </Card>
                  ))}
                  <Space>
                    <Button icon={<PlusOutlined />} disabled={fields.length >= MAX_PROBLEM_EXAMPLES} onClick={() => add({ input: '', output: '' })}>
                      {t('admin.problem.addExample')}
                    </Button>
                    <span className="oj-muted">{t('admin.problem.examplesHint', { max: MAX_PROBLEM_EXAMPLES })}</span>
                  </Space>
                </div>
              )}
            </Form.List>
            <Form.Item name="hint" label={t('admin.problem.hint')} style={{ marginTop: 16 }}>
              <MarkdownEditor rows={4} testId="field-hint" />
            </Form.Item>
            <Form.Item name="source" label={t('admin.problem.source')}>
              <Input maxLength={255} />
            </Form.Item>
          </Card>

          <Card title={t('admin.problem.tagsAndLanguages')}>
            <Form.Item name="tags" label={t('admin.problem.tags')}>
              <TagPicker />
            </Form.Item>
            <Form.Item
              name="languages"
              label={
                <Space>
                  {t('admin.problem.languages')}
                  <Button size="small" type="link" onClick={() => form.setFieldValue('languages', enabled.length === allNames.length ? [] : allNames)}>
                    {enabled.length === allNames.length ? t('admin.problem.selectNone') : t('admin.problem.selectAll')}
                  </Button>
                </Space>
              }
            >
              <Checkbox.Group options={allNames} data-testid="field-languages" />
            </Form.Item>
            <Form.Item name="codeTemplates" label={t('admin.problem.templates')}>
              <CodeTemplates enabled={enabled} languages={languages} />
            </Form.Item>
          </Card>

          <Card title={t('admin.problem.judging')}>
            <Form.Item name="judgeMode" label={t('admin.problem.judgeMode')}>
              <Radio.Group options={JUDGE_MODES.map((m) => ({ value: m, label: t(`admin.judgeMode.${m}`) }))} data-testid="field-judgeMode" />
            </Form.Item>
            <CheckerFields judgeMode={judgeMode} />
            {judgeMode !== 'default' && (
              <div className="oj-admin-checker">
                <Alert type="info" showIcon title={t(judgeMode === 'spj' ? 'admin.problem.spjHint' : 'admin.problem.interactiveHint')} />
                <Space wrap>
                  <Form.Item name="spjLanguage" label={t('admin.problem.spjLanguage')} style={{ marginBottom: 0 }}>
                    <Select options={SPJ_LANGUAGES.map((l) => ({ value: l, label: l }))} style={{ width: 140 }} />
                  </Form.Item>
                  <Button
                    icon={<ThunderboltOutlined />}
                    loading={compiling}
                    onClick={() => void compile()}
                    type={compiled ? 'default' : 'primary'}
                    data-testid="spj-compile"
                    style={{ marginTop: 30 }}
                  >
                    {compiled ? t('admin.problem.compiled') : t('admin.problem.compile')}
                  </Button>
                </Space>
                <Form.Item name="spjCode" label={t(judgeMode === 'spj' ? 'admin.problem.spjCode' : 'admin.problem.interactiveCode')}>
                  <CodeEditor language={spjLanguage} height="300px" testId="spj-code" />
                </Form.Item>
                <Form.Item name="judgeExtraFile" label={t('admin.problem.judgeExtraFile')} tooltip={t('admin.problem.judgeExtraFileHint')}>
                  <ExtraFilesEditor testId="judge-extra-files" />
                </Form.Item>
              </div>
            )}
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item name="isFileIO" label={t('admin.problem.ioMode')}>
                  <Radio.Group
                    options={[
                      { value: false, label: t('admin.problem.standardIo') },
                      { value: true, label: t('admin.problem.fileIo') },
                    ]}
                  />
                </Form.Item>
              </Col>
              {isFileIO && (
                <>
                  <Col xs={12} md={8}>
                    <Form.Item
                      name="ioReadFileName"
                      label={t('admin.problem.ioReadFileName')}
                      rules={[
                        { required: true, whitespace: true, message: t('admin.problem.fileIoRequired') },
                        { pattern: /^[A-Za-z0-9._-]+$/, message: t('admin.problem.fileNameChars') },
                      ]}
                    >
                      <Input placeholder="input.txt" maxLength={100} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={8}>
                    <Form.Item
                      name="ioWriteFileName"
                      label={t('admin.problem.ioWriteFileName')}
                      rules={[
                        { required: true, whitespace: true, message: t('admin.problem.fileIoRequired') },
                        { pattern: /^[A-Za-z0-9._-]+$/, message: t('admin.problem.fileNameChars') },
                      ]}
                    >
                      <Input placeholder="output.txt" maxLength={100} />
                    </Form.Item>
                  </Col>
                </>
              )}
            </Row>
            <Form.Item name="userExtraFile" label={t('admin.problem.userExtraFile')} tooltip={t('admin.problem.userExtraFileHint')}>
              <ExtraFilesEditor testId="user-extra-files" />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={12} md={6}>
                <Form.Item name="isRemoveEndBlank" label={t('admin.problem.removeEndBlank')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name="openCaseResult" label={t('admin.problem.openCaseResult')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item name="openCaseData" label={t('admin.problem.openCaseData')} tooltip={t('admin.problem.openCaseDataHint')} valuePropName="checked">
                  <Switch data-testid="problem-open-case-data" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="judgeCaseMode" label={t('admin.problem.judgeCaseMode')}>
                  <Select
                    options={JUDGE_CASE_MODES.map((m) => ({
                      value: m,
                      label: t(`admin.caseMode.${m === 'default' ? (type === 1 ? 'defaultOI' : 'defaultACM') : m}`),
                    }))}
                    data-testid="field-judgeCaseMode"
                  />
                </Form.Item>
              </Col>
            </Row>
          </Card>

          <Card title={t('admin.cases.title')}>
            <TestCaseEditor value={cases} onChange={setCases} type={type} judgeCaseMode={judgeCaseMode} canKeep={kept} />
            {isSubtaskMode(judgeCaseMode) ? <SubtaskDependencies subtasks={subtasksOf(cases.rows)} /> : null}
          </Card>

          {/* The kit's calls are the problem admins' of the admin area (not a group's place). */}
          {pid !== undefined && mayManageProblems && !placement.calls && <HackKitCard pid={pid} />}

          <Modal
            open={compileError !== null}
            title={t('admin.problem.compileFailed')}
            width={680}
            onCancel={() => setCompileError(null)}
            footer={
              <Button type="primary" onClick={() => setCompileError(null)} data-testid="compile-error-close">
                {t('admin.close')}
              </Button>
            }
          >
            <pre className="oj-admin-pre" data-testid="compile-error">
              {compileError}
            </pre>
          </Modal>

          <div className="oj-admin-actions">
            <Button onClick={() => navigate(backTo)}>{t('admin.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => void save()} data-testid="problem-save">
              {t('admin.save')}
            </Button>
          </div>
        </div>
      </Form>
    </div>
  );
}
