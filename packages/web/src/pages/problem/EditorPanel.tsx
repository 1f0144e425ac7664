import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button, Space, Spin, Typography, type InputRef } from 'antd';
import { ExperimentOutlined, LinkOutlined, LoadingOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, LIMITS, LINKABLE_OJS, type ProblemDetail } from '@oj/shared';
import { ApiError } from '../../api/client';
import { whenPointerFree } from '../../app/layout/pointerFree';
import { problemApi, problemKeys, useSubmitConfig } from '../../api/problem';
import { useLanguages } from '../../api/queries';
import { feedback } from '../../app/feedback';
import { useSession } from '../../app/session';
import { useCaptcha } from '../../components/useCaptcha';
import type { EditorStart } from '../../components/code-editor/CodeEditor';
import { DEFAULT_EDITOR_HEIGHT, modeOf, type EditorSettings } from '../../components/code-editor/editorConfig';
import { PlainCodeArea } from '../../components/code-editor/PlainCodeArea';
import { skeletonOf } from '../../components/code-editor/skeletons';
import { themeStore } from '../../app/theme';
import { loadEditorState, saveEditorState } from './editorStorage';
import { StatusTag } from '../../components/problemStatus';
import { useProblemScope } from './problemScope';
import type { ToolbarPopup } from './EditorToolbar';
import { EditorToolbarSkin } from './EditorToolbarSkin';
import { isActive, useSubmitFlow } from './useSubmitFlow';

// The code editor (CodeMirror) is not part of the page's first load: a plain code area stands in for
// it until the user comes to the code (pointer over it, focus, touch), and the editor then takes over
// with the same text, caret and scroll position (PlainCodeArea.tsx).
let editorToolbarModule: typeof import('./EditorToolbar') | undefined;
const loadEditorToolbar = () => import('./EditorToolbar').then((m) => (editorToolbarModule = m));
// Kept once fetched and rendered directly (not through React.lazy, which would suspend once more and
// take the plain area away before the editor can read where the user was).
let codeEditorModule: typeof import('../../components/code-editor/CodeEditor') | undefined;
const loadCodeEditor = () => import('../../components/code-editor/CodeEditor').then((m) => (codeEditorModule = m));
// Fetched when first shown, not with the page: the self-test drawer, the editor settings' form and
// the Accepted celebration.
const TestRunDrawer = lazy(() => import('./TestRunDrawer'));
const EditorSettingsForm = lazy(() => import('./EditorSettingsForm'));
// The captcha's input is shown only when the site asks for one.
const SubmitCaptcha = lazy(() => import('./SubmitCaptcha').then((m) => ({ default: m.SubmitCaptcha })));
// The "Link a Codeforces run" dialog: fetched when first opened.
const LinkRunDialog = lazy(() => import('./LinkRunDialog'));
const Congrats = lazy(() => import('./Congrats').then((m) => ({ default: m.Congrats })));

interface Props {
  detail: ProblemDetail;
  focus: boolean;
  onFocusChange(focus: boolean): void;
  /** fill the panel's height (split view) instead of the default 550 px */
  fill: boolean;
}

const pickLanguage = (langs: string[], saved: string | undefined) =>
  saved && langs.includes(saved) ? saved : (langs.find((l) => l === 'C++') ?? langs[0] ?? '');

/** The right side of the problem page: editor, its tools, self-test and submit. */
export function EditorPanel({ detail, focus, onFocusChange, fill }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const p = detail.problem;
  // Public bank or contest: storage key, submit target, links, gates (problemScope.tsx).
  const scope = useProblemScope();
  const storageKey = scope.storageKey(p.problemId);
  const languages = useLanguages();
  const saved = useMemo(() => loadEditorState(storageKey), [storageKey]);
  const [language, setLanguage] = useState(() => pickLanguage(detail.languages, saved.language));
  // The problem's own template for the language, else the language's bare skeleton (never the
  // judges' A+B `template`, which answered every problem with A+B). A draft in `codes` wins over both.
  const templateOf = useCallback(
    (lang: string) => detail.codeTemplate[lang] ?? skeletonOf(lang, languages.data?.find((l) => l.name === lang)?.contentType),
    [detail.codeTemplate, languages.data],
  );
  const [codes, setCodes] = useState<Record<string, string>>(() => saved.code ?? {});
  const code = codes[language] ?? templateOf(language);
  const [settings, setSettings] = useState<EditorSettings>(saved.settings);
  const [testOpen, setTestOpen] = useState(false);
  // The drawer stays mounted once opened: its input survives closing it.
  const [testShown, setTestShown] = useState(false);
  const [celebrate, setCelebrate] = useState(false);
  const { state, submit, resubmit, linkRun } = useSubmitFlow(useCallback(() => setCelebrate(true), []));
  const { user } = useSession();
  // A run made on Codeforces (or Gym) may be linked instead of submitted: by a signed-in user, outside
  // contests (the server refuses there: a run made elsewhere says nothing of the contest's time).
  const linkable = !!user && scope.cid === 0 && !!p.remoteOj && LINKABLE_OJS.includes(p.remoteOj);
  const [linkOpen, setLinkOpen] = useState(false);
  // Mounted once opened (lazy): closed, it stays out of the page.
  const [linkShown, setLinkShown] = useState(false);
  const contentType = languages.data?.find((l) => l.name === language)?.contentType;
  // Code the judge puts around this language's submission (FPS prepend/append): shown, not editable.
  const wrapper = p.codeWrappers?.[language];
  const client = useQueryClient();
  // Contest submissions never take the captcha: no need to ask the site whether it is on.
  const submitConfig = useSubmitConfig(scope.captcha);
  // Shown when the site asks for it, or from the moment the server said so (the switch changed meanwhile).
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const needCaptcha = scope.captcha && (captchaAsked || !!submitConfig.data?.submitCaptcha);
  const captcha = useCaptcha(['submit', p.problemId], needCaptcha);
  const [captchaText, setCaptchaText] = useState('');
  const captchaInput = useRef<InputRef>(null);
  // The toolbar's antd controls (EditorToolbar.tsx) replace their likeness once fetched; the control
  // that had the focus keeps it, and a popup asked for meanwhile opens.
  const [toolbarReady, setToolbarReady] = useState(() => !!editorToolbarModule);
  const [toolbarAsked, setToolbarAsked] = useState<ToolbarPopup | null>(null);
  const toolbarBox = useRef<HTMLDivElement>(null);
  const toolbarFocus = useRef<string | null>(null);
  const toolbarWanted = useRef(false);
  const wantToolbar = () => {
    if (toolbarWanted.current) return;
    toolbarWanted.current = true;
    const swap = () => {
      const active = document.activeElement;
      const testId = active && toolbarBox.current?.contains(active) ? active.closest('[data-testid]')?.getAttribute('data-testid') : null;
      toolbarFocus.current = testId ? `[data-testid="${testId}"]` : null;
      // Committed in this task: a press arriving before a later render would still see the likeness.
      flushSync(() => setToolbarReady(true));
    };
    loadEditorToolbar().then(
      // Not between a press and its release: a click pressed on the likeness and released on the
      // control that replaced it reaches neither (the focus toggle or the language list did nothing).
      () => whenPointerFree(swap),
      () => {
        toolbarWanted.current = false;
      },
    );
  };
  useEffect(() => {
    if (!toolbarReady || !toolbarFocus.current) return;
    const target = toolbarBox.current?.querySelector(toolbarFocus.current);
    (target?.matches('button, input') ? (target as HTMLElement) : target?.querySelector<HTMLElement>('input'))?.focus();
    toolbarFocus.current = null;
  }, [toolbarReady]);

  // The code editor replaces the plain code area once it is fetched, going on where the area was left.
  const [editorReady, setEditorReady] = useState(() => !!codeEditorModule);
  const plainArea = useRef<HTMLTextAreaElement>(null);
  const editorWanted = useRef(false);
  const { dark } = themeStore.use();
  const wantEditor = () => {
    if (editorWanted.current) return;
    editorWanted.current = true;
    loadCodeEditor()
      .then((m) => m.prepareEditor(language, contentType, settings.theme, dark))
      .then(
        () => setEditorReady(true),
        // Not fetched (network gone, a new build deployed): the plain area keeps working; tried again when the pointer comes back.
        () => {
          editorWanted.current = false;
        },
      );
  };
  const editorStart = (): EditorStart => {
    const area = plainArea.current;
    if (!area) return { anchor: 0, head: 0, scrollTop: 0, scrollLeft: 0, focused: false };
    const backward = area.selectionDirection === 'backward';
    return {
      anchor: backward ? area.selectionEnd : area.selectionStart,
      head: backward ? area.selectionStart : area.selectionEnd,
      scrollTop: area.scrollTop,
      scrollLeft: area.scrollLeft,
      focused: document.activeElement === area,
    };
  };

  useEffect(() => {
    saveEditorState(storageKey, { language, code: codes, focus, settings });
  }, [storageKey, language, codes, focus, settings]);

  const setCode = (value: string) => setCodes((c) => ({ ...c, [language]: value }));

  /** Code checks made before any call. */
  const checkCode = () => {
    if (!code.trim()) return t('msg.codeEmpty');
    if (code.length > LIMITS.codeMax) return t('msg.codeTooLong');
    if (!language) return t('problem.submit.noLanguage');
    return null;
  };

  const onSubmit = async () => {
    const problem = checkCode();
    if (problem) return feedback.error(problem);
    if (scope.blocked) return feedback.error(scope.blocked);
    if (scope.beforeSubmit && !(await scope.beforeSubmit(p.problemId))) return;
    if (needCaptcha && (!captchaText.trim() || !captcha.data)) {
      feedback.error(t('msg.submitCaptchaRequired'));
      captchaInput.current?.focus();
      return;
    }
    const err = await submit({
      pid: p.problemId,
      language,
      code,
      cid: scope.cid,
      isRemote: p.isRemote,
      ...(scope.tid ? { tid: scope.tid } : {}),
      ...(scope.gid ? { gid: scope.gid } : {}),
      ...(needCaptcha && captcha.data ? { captcha: captchaText.trim(), captchaKey: captcha.data.captchaKey } : {}),
    });
    if (needCaptcha) {
      setCaptchaText('');
      captcha.renew();
    }
    if (err instanceof ApiError && (err.data as { needCaptcha?: boolean } | null)?.needCaptcha) {
      setCaptchaAsked(true);
      void client.invalidateQueries({ queryKey: problemKeys.submitConfig });
      captchaInput.current?.focus();
    }
  };

  const loadLastAc = async () => {
    try {
      const last = await problemApi.lastAcCode(p.id, scope.cid);
      const lang = detail.languages.includes(last.language) ? last.language : language;
      setLanguage(lang);
      setCodes((c) => ({ ...c, [lang]: last.code }));
      feedback.success(t('problem.editor.lastAcLoaded'));
    } catch {
      /* the client showed the server's message (not passed yet) */
    }
  };

  // A local file is read into the editor, never uploaded: a plain file input (antd's Upload, with its
  // upload list and progress bar, is not needed for that).
  const fileInput = useRef<HTMLInputElement>(null);
  const openFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = ''; // the same file may be opened again
    if (!file) return;
    if (file.size > LIMITS.codeMax * 4) return feedback.error(t('msg.codeTooLong'));
    void file.text().then((text) => {
      if (text.length > LIMITS.codeMax) return feedback.error(t('msg.codeTooLong'));
      setCode(text);
    });
  };

  const settingsForm = (
    <Suspense fallback={<Spin />}>
      <EditorSettingsForm settings={settings} onChange={setSettings} />
    </Suspense>
  );

  const busy = isActive(state.status);
  return (
    <div className={`oj-editor-panel${fill ? ' oj-editor-fill' : ''}`} data-testid="editor-panel">
      <input ref={fileInput} type="file" hidden onChange={(e) => openFile(e.target.files?.[0])} />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the handlers only fetch the toolbar's controls; the controls inside take the input. */}
      <div
        className="oj-editor-toolbar"
        ref={toolbarBox}
        onPointerEnter={wantToolbar}
        onFocus={wantToolbar}
        onTouchStart={wantToolbar}
        data-testid="editor-toolbar"
      >
        {toolbarReady && editorToolbarModule ? (
          <editorToolbarModule.default
            language={language}
            languages={detail.languages}
            onLanguage={setLanguage}
            onReset={() => setCodes((c) => ({ ...c, [language]: templateOf(language) }))}
            onLastAc={() => void loadLastAc()}
            onOpenFile={() => fileInput.current?.click()}
            settingsForm={settingsForm}
            focus={focus}
            onFocusChange={onFocusChange}
            initialOpen={toolbarAsked}
          />
        ) : (
          <EditorToolbarSkin
            language={language}
            onLastAc={() => void loadLastAc()}
            onOpenFile={() => fileInput.current?.click()}
            focus={focus}
            onFocusChange={onFocusChange}
            onAsk={(popup) => {
              setToolbarAsked(popup);
              wantToolbar();
            }}
          />
        )}
      </div>
      {wrapper?.prepend && (
        <pre className="oj-code-wrapper" title={t('problem.editor.prepend')} data-testid="code-prepend">
          {wrapper.prepend}
        </pre>
      )}
      <div className="oj-editor-body">
        {editorReady && codeEditorModule ? (
          <codeEditorModule.default
            value={code}
            onChange={setCode}
            language={language}
            contentType={contentType}
            settings={settings}
            height={fill ? '100%' : DEFAULT_EDITOR_HEIGHT}
            start={editorStart}
          />
        ) : (
          <PlainCodeArea
            value={code}
            onChange={setCode}
            settings={settings}
            height={fill ? '100%' : DEFAULT_EDITOR_HEIGHT}
            label={t('problem.editor.code')}
            areaRef={plainArea}
            onWant={wantEditor}
          />
        )}
      </div>
      {wrapper?.append && (
        <pre className="oj-code-wrapper" title={t('problem.editor.append')} data-testid="code-append">
          {wrapper.append}
        </pre>
      )}
      <div className="oj-editor-footer">
        <div className="oj-submit-status" data-testid="submit-status">
          {state.status !== null && (
            <Space>
              <Typography.Text type="secondary">{t('problem.submit.status')}</Typography.Text>
              {busy && <LoadingOutlined spin />}
              <StatusTag
                status={state.status}
                score={state.score}
                progress={state.progress}
                onClick={state.submitId ? () => navigate(scope.submissionPath(state.submitId!, p.problemId)) : undefined}
              />
              {/* The remote site did not take it (down, busy, refused the account): the same code goes again. */}
              {/* A linked run was not sent from here: nothing to send again (the server refuses it as well). */}
              {p.isRemote && !state.linkedRun && state.submitId && state.status === JudgeStatus.SUBMITTED_FAILED && (
                <Button size="small" icon={<SendOutlined />} onClick={() => void resubmit(state.submitId!)} data-testid="submit-resubmit">
                  {t('problem.submit.resubmit')}
                </Button>
              )}
            </Space>
          )}
          {state.status === null && scope.blocked && (
            <Typography.Text type="danger" data-testid="submit-blocked">
              {scope.blocked}
            </Typography.Text>
          )}
        </div>
        <Space wrap>
          {needCaptcha && (
            <Suspense fallback={null}>
              <SubmitCaptcha
                ref={captchaInput}
                captcha={captcha}
                value={captchaText}
                onChange={setCaptchaText}
                onEnter={() => void (busy ? undefined : onSubmit())}
              />
            </Suspense>
          )}
          {/* A remote problem is judged on its site only: there is no self-test of it here. */}
          {!p.isRemote && (
            <Button
              icon={<ExperimentOutlined />}
              onClick={() => {
                setTestShown(true);
                setTestOpen(true);
              }}
              data-testid="open-test-run"
            >
              {t('problem.test.open')}
            </Button>
          )}
          {linkable && (
            <Button
              icon={<LinkOutlined />}
              onClick={() => {
                setLinkShown(true);
                setLinkOpen(true);
              }}
              disabled={busy}
              data-testid="link-run"
            >
              {t('problem.linkRun.open')}
            </Button>
          )}
          <Button type="primary" onClick={() => void onSubmit()} loading={busy} disabled={busy || !!scope.blocked} data-testid="submit-code">
            {busy ? t('problem.submit.judging') : t('problem.submit.submit')}
          </Button>
        </Space>
      </div>
      {testShown && (
        <Suspense fallback={null}>
          <TestRunDrawer
            open={testOpen}
            onClose={() => setTestOpen(false)}
            pid={p.id}
            language={language}
            mode={modeOf(language, contentType)}
            code={code}
            examples={p.examples}
            checkCode={checkCode}
          />
        </Suspense>
      )}
      {linkShown && (
        <Suspense fallback={null}>
          <LinkRunDialog
            open={linkOpen}
            onClose={() => setLinkOpen(false)}
            onLink={(runId) => linkRun({ pid: p.problemId, runId, ...(scope.tid ? { tid: scope.tid } : {}), ...(scope.gid ? { gid: scope.gid } : {}) })}
          />
        </Suspense>
      )}
      {celebrate && (
        <Suspense fallback={null}>
          <Congrats onDone={() => setCelebrate(false)} />
        </Suspense>
      )}
    </div>
  );
}
