import { Button, Popconfirm } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** "Clean all" of a tab, asked first. */
export function CleanAllButton({ onConfirm, disabled, loading }: { onConfirm(): void; disabled: boolean; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="oj-message-toolbar">
      <Popconfirm title={t('message.cleanConfirm')} okButtonProps={{ danger: true, 'data-testid': 'message-clean-ok' }} onConfirm={onConfirm}>
        <Button danger icon={<ClearOutlined />} disabled={disabled} loading={loading} data-testid="message-clean">
          {t('message.clean')}
        </Button>
      </Popconfirm>
    </div>
  );
}
