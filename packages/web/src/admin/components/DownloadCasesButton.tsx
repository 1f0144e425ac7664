import { Button, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback';

/**
 * The test data download of a problem row (the bank, a group's problems, a training's): the file comes
 * as the browser's download, a toast says so; a refusal was toasted by the HTTP client already.
 */
export function DownloadCasesButton({ download, testId }: { download: () => Promise<unknown>; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('admin.problemList.downloadCases')}>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        onClick={() =>
          void download().then(
            () => feedback.success(t('admin.problemList.downloaded')),
            () => undefined,
          )
        }
        data-testid={testId}
      />
    </Tooltip>
  );
}
