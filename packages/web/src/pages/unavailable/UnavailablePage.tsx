import { Button, Result } from 'antd';
import { HourglassOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * Routes of areas that are not built yet (problems, contests, …) exist so links and guards behave,
 * but say plainly that the area is not available instead of showing invented content.
 */
export default function UnavailablePage({ area }: { area: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="oj-page" data-testid="area-unavailable">
      <Result
        icon={<HourglassOutlined />}
        title={t('unavailable.title', { area: t(`area.${area}`) })}
        subTitle={t('unavailable.subtitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            {t('notFound.home')}
          </Button>
        }
      />
    </div>
  );
}
