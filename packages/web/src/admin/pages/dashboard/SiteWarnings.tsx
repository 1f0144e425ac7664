import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminDashboardApi, adminDashboardKeys } from '../../../api/adminDashboard';
import { quietly } from '../../../api/client';

/**
 * Setup problems an admin should fix: without a base URL (web config or OJ_BASE_URL) the
 * password reset mails carry only a path, useless in a mail client.
 */
export function SiteWarnings({ canConfigure }: { canConfigure: boolean }) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: adminDashboardKeys.warnings, queryFn: quietly(adminDashboardApi.warnings) });
  if (!data?.baseUrlMissing) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="dashboard-warning-base-url"
      message={t('admin.dashboard.baseUrlMissing')}
      description={
        canConfigure ? (
          <Trans i18nKey="admin.dashboard.baseUrlMissingFix" components={{ conf: <Link to="/admin/conf" /> }} />
        ) : (
          t('admin.dashboard.baseUrlMissingAsk')
        )
      }
    />
  );
}
