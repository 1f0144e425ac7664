import '../../../admin/admin.css';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import ProblemEditPage from '../../../admin/pages/ProblemEditPage';
import { useGroup } from '../../../components/group/GroupContext';

/**
 * /group/:groupID/problem/admin/create and …/edit/:pid: the site's problem editor (admin/pages/
 * ProblemEditPage.tsx) in the group place — the route's `groupID` selects the group placement
 * (admin/problemPlaces.ts, groupPlacement.tsx). Group admins only (the server checks every call).
 */
export default function GroupProblemEditPage() {
  const { t } = useTranslation();
  const { access } = useGroup();
  if (!access.admin) return <Result status="403" title={t('msg.noPermission')} data-testid="group-problem-edit-refused" />;
  return <ProblemEditPage />;
}
