import { useEffect, useId, useState } from 'react';
import { Alert, Form, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { importRemoteContestQuery, importRemoteQuery, REMOTE_OJS, type ImportedRemoteProblem, type RemoteOj } from '@oj/shared';
import { importRemoteProblem, type RemoteImportInput, type RemoteImportTarget } from '../../api/remoteJudge';
import { feedback } from '../../app/feedback';
import { REMOTE_OJ_NAMES } from '../../components/remoteOj';
import { EndpointForm } from '../kit/EndpointForm';

/** What a problem id looks like on each site (the placeholder). */
const REMOTE_OJ_ID_EXAMPLES: Record<RemoteOj, string> = {
  HDU: '1000',
  CF: '1A',
  GYM: '100001A',
  POJ: '1000',
  AC: 'abc300_a',
  SPOJ: 'TEST',
  LIBRE: '1',
};

/** The fields the admin fills: the site and its problem id, and in a contest the display id. */
const bankFields = importRemoteQuery;
const contestFields = importRemoteContestQuery.omit({ cid: true });

export interface ImportRemoteProblemDialogProps {
  /** where the problem goes (the call made): the bank, a training, a contest or a group */
  target: RemoteImportTarget;
  open: boolean;
  onClose(): void;
  /** after the import went through (the place reloads its list) */
  onImported(problem: ImportedRemoteProblem): void;
  /** a contest's next free display id, offered until the admin types another */
  suggestedDisplayId?: string;
}

/**
 * Import a problem of a remote judge by site and id: the server has a judge fetch its statement from
 * the site and keeps it in the bank (a problem imported before is fetched again), then adds it to the
 * target's place. Failures (no such problem, the site unreachable) are the server's message, shown by
 * the client as every refused call is.
 */
export function ImportRemoteProblemDialog({ target, open, onClose, onImported, suggestedDisplayId }: ImportRemoteProblemDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  // The next import starts on the site of the last one (problems tend to come from one site in a row).
  const [lastSite, setLastSite] = useState<RemoteOj>(REMOTE_OJS[0]);
  const run = useMutation({
    mutationFn: (v: RemoteImportInput) => importRemoteProblem(target, v),
    onSuccess: (p, v) => {
      setLastSite(v.name);
      feedback.success(t(p.created ? 'admin.remote.import.imported' : 'admin.remote.import.refreshed', { problemId: p.problemId, title: p.title }));
      onImported(p);
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      title={t('admin.remote.import.title')}
      okText={t('admin.remote.import.ok')}
      // The fields are a form of their own (below); OK submits it.
      okButtonProps={{ htmlType: 'submit', form: formId, loading: run.isPending, 'data-testid': 'remote-import-ok' }}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      <div data-testid="remote-import-dialog">
        <Alert type="info" showIcon className="oj-remote-import-tip" title={t(run.isPending ? 'admin.remote.import.fetching' : 'admin.remote.import.hint')} />
        {/* A new form at each opening: empty, on the last site, with the display id on offer then. */}
        <ImportFields
          key={open ? 'open' : 'closed'}
          id={formId}
          contest={target.kind === 'contest'}
          site={lastSite}
          suggestedDisplayId={suggestedDisplayId}
          onFinish={(v) => run.mutate(v)}
        />
      </div>
    </Modal>
  );
}

function ImportFields({
  id,
  contest,
  site,
  suggestedDisplayId,
  onFinish,
}: {
  id: string;
  contest: boolean;
  site: RemoteOj;
  suggestedDisplayId: string | undefined;
  onFinish(v: RemoteImportInput): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RemoteImportInput>();
  const chosen: RemoteOj = Form.useWatch('name', form) ?? site;
  // The contest's used display ids may arrive after the dialog opened.
  useEffect(() => {
    if (contest && suggestedDisplayId && !form.isFieldTouched('displayId')) form.setFieldValue('displayId', suggestedDisplayId);
  }, [contest, suggestedDisplayId, form]);

  const overrides = {
    name: {
      label: t('admin.remote.import.site'),
      options: REMOTE_OJS.map((oj) => ({ value: oj, label: REMOTE_OJ_NAMES[oj] })),
      testId: 'remote-import-site',
    },
    problemId: {
      label: t('admin.remote.import.problemId'),
      requiredMessage: t('admin.remote.import.problemIdRequired'),
      testId: 'remote-import-problem-id',
      control: { placeholder: t('admin.remote.import.example', { id: REMOTE_OJ_ID_EXAMPLES[chosen] }), autoComplete: 'off' },
    },
  };
  const finish = (v: unknown) => onFinish(v as RemoteImportInput);
  return contest ? (
    <EndpointForm
      id={id}
      body={contestFields}
      form={form}
      initialValues={{ name: site, displayId: suggestedDisplayId ?? '' }}
      onFinish={finish}
      overrides={{
        ...overrides,
        displayId: {
          label: t('admin.remote.import.displayId'),
          requiredMessage: t('admin.remote.import.displayIdRequired'),
          testId: 'remote-import-display-id',
          item: { tooltip: t('admin.remote.import.displayIdHint') },
        },
      }}
    />
  ) : (
    <EndpointForm id={id} body={bankFields} form={form} initialValues={{ name: site }} onFinish={finish} overrides={overrides} />
  );
}
