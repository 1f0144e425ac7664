import { useState } from 'react';
import { Button } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ImportRemoteProblemDialog, type ImportRemoteProblemDialogProps } from './ImportRemoteProblemDialog';

/** "Import remote problem" beside a problem list's other add buttons, with its dialog. */
export function ImportRemoteButton({ disabled, ...dialog }: Omit<ImportRemoteProblemDialogProps, 'open' | 'onClose'> & { disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<CloudDownloadOutlined />} onClick={() => setOpen(true)} disabled={disabled} data-testid="remote-import">
        {t('admin.remote.import.button')}
      </Button>
      <ImportRemoteProblemDialog {...dialog} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
