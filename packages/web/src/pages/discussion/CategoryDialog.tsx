import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CategoryEditor } from '../../admin/components/CategoryEditor';

/** The super admin edits the categories from the discussion list, with the admin page's editor. */
export function CategoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('discussion.categories.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="categories-dialog">{open && <CategoryEditor />}</div>
    </Modal>
  );
}
