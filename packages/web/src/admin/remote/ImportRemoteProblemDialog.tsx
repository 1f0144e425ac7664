import { useEffect, useState } from 'react';
import { Alert, Form, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { importRemoteContestQuery, importRemoteQuery, REMOTE_OJS, type ImportedRemoteProblem, type RemoteOj } from '@oj/shared';
import { importRemoteProblem, type RemoteImportInput, type RemoteImportTarget } from '../../api/remoteJudge';
import { feedback } from '../../app/feedback';
import { REMOTE_OJ_ID_EXAMPLES, REMOTE_OJ_NAMES } from '../../components/remoteOj';
import { EndpointForm } from '../kit/EndpointForm';

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
  const [form] = Form.useForm<RemoteImportInput>();
  const contest = target.kind === 'contest';
  // The next import starts on the site of the last one (problems tend to come from one site in a row).
  const [lastSite, setLastSite] = useState<RemoteOj>(REMOTE_OJS[0]);
  const site: RemoteOj = Form.useWatch('name', form) ?? lastSite;
  const run = useMutation({
    mutationFn: (v: RemoteImportInput) => importRemoteProblem(target, v),
    onSuccess: (p, v) => {
      setLastSite(v.name);
      feedback.success(t(p.created ? 'admin.remote.import.imported' : 'admin.remote.import.refreshed', { problemId: p.problemId, title: p.title }));
      onImported(p);
      onClose();
    },
  });

  useEffect(() => {
    if (open && contest && suggestedDisplayId && !form.isFieldTouched('displayId')) form.setFieldValue('displayId', suggestedDisplayId);
  }, [open, contest, suggestedDisplayId, form]);

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
      control: { placeholder: t('admin.remote.import.example', { id: REMOTE_OJ_ID_EXAMPLES[site] }), autoComplete: 'off' },
    },
  };
  // Not preserved: each opening starts empty (the dialog's content is rebuilt), on the last site.
  const fields = contest ? (
    <EndpointForm
      body={contestFields}
      form={form}
      preserve={false}
      initialValues={{ name: lastSite, displayId: suggestedDisplayId ?? '' }}
      onFinish={(v) => run.mutate(v as RemoteImportInput)}
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
    <EndpointForm
      body={bankFields}
      form={form}
      initialValues={{ name: REMOTE_OJS[0] }}
      onFinish={(v) => run.mutate(v as RemoteImportInput)}
      overrides={overrides}
    />
  );

  return (
    <Modal
      open={open}
      title={t('admin.remote.import.title')}
      okText={t('admin.remote.import.ok')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: run.isPending, 'data-testid': 'remote-import-ok' }}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      <div data-testid="remote-import-dialog">
        <Alert type="info" showIcon className="oj-remote-import-tip" title={t(run.isPending ? 'admin.remote.import.fetching' : 'admin.remote.import.hint')} />
        {fields}
      </div>
    </Modal>
  );
}
