import type { ReactNode } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface DeleteButtonProps {
  /** the question asked before deleting */
  confirm: string;
  /** what else goes with it, under the question */
  warning?: ReactNode;
  onConfirm(): void;
  /** the button's tooltip; "Delete" by default */
  tooltip?: string;
  testId: string;
  /** on the confirm's OK button */
  okTestId?: string;
}

/** A table row's delete button: asks first, with the OK button in danger red. */
export function DeleteButton({ confirm, warning, onConfirm, tooltip, testId, okTestId }: DeleteButtonProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={confirm}
      description={warning}
      okButtonProps={okTestId ? { danger: true, 'data-testid': okTestId } : { danger: true }}
      onConfirm={onConfirm}
    >
      <Tooltip title={tooltip ?? t('admin.delete')}>
        <Button size="small" danger icon={<DeleteOutlined />} data-testid={testId} />
      </Tooltip>
    </Popconfirm>
  );
}
