import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { ControlOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/queries';

/** The admin area (spec 3) renders without the public shell; until it is built it says so. */
export default function AdminUnavailablePage() {
  const { t } = useTranslation();
  const { shortName } = useWebsiteConfig();
  useEffect(() => {
    document.title = `${t('area.admin')} - ${shortName}`;
  }, [t, shortName]);
  return (
    <div className="oj-admin-placeholder" data-testid="admin-unavailable">
      <Result
        icon={<ControlOutlined />}
        title={t('unavailable.title', { area: t('area.admin') })}
        subTitle={t('unavailable.subtitle')}
        extra={
          <Button type="primary" href="/home">
            {t('notFound.home')}
          </Button>
        }
      />
    </div>
  );
}
