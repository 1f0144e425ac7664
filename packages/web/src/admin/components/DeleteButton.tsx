import { useState, type ReactNode } from 'react';
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

/**
 * A table row's delete button: asks first, with the OK button in danger red. Its tooltip stays closed
 * while the question is open: over a crowded row it could cover the OK button.
 */
export function DeleteButton({ confirm, warning, onConfirm, tooltip, testId, okTestId }: DeleteButtonProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <Popconfirm
      title={confirm}
      description={warning}
      okButtonProps={okTestId ? { danger: true, 'data-testid': okTestId } : { danger: true }}
      onConfirm={onConfirm}
      onOpenChange={setAsking}
    >
      <Tooltip title={tooltip ?? t('admin.delete')} open={asking ? false : undefined}>
        <Button size="small" danger icon={<DeleteOutlined />} aria-label={tooltip ?? t('admin.delete')} data-testid={testId} />
      </Tooltip>
    </Popconfirm>
  );
}

interface DeleteSelectedButtonProps {
  /** how many rows are selected: with none, a click runs `onConfirm` at once (it says what is missing) */
  count: number;
  confirm: string;
  warning?: ReactNode;
  onConfirm(): void;
  pending: boolean;
  label: string;
  testId: string;
}

/** A list's "delete selected" button: asks first when rows are selected. */
export function DeleteSelectedButton({ count, confirm, warning, onConfirm, pending, label, testId }: DeleteSelectedButtonProps) {
  return (
    <Popconfirm
      title={confirm}
      description={warning}
      okButtonProps={{ danger: true, 'data-testid': `${testId}-ok` }}
      onConfirm={onConfirm}
      disabled={count === 0}
    >
      <Button danger icon={<DeleteOutlined />} loading={pending} onClick={count === 0 ? onConfirm : undefined} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}
