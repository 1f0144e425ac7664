import { Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** An animated 404, the sorry text, Go Home and Back. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="oj-page oj-not-found" data-testid="not-found">
      <div className="oj-404" aria-hidden="true">
        <span>4</span>
        <span className="oj-404-zero">0</span>
        <span>4</span>
      </div>
      <p className="oj-404-text">{t('notFound.text')}</p>
      <Space>
        <Button type="primary" onClick={() => navigate('/home')} data-testid="not-found-home">
          {t('notFound.home')}
        </Button>
        <Button onClick={() => navigate(-1)} data-testid="not-found-back">
          {t('notFound.back')}
        </Button>
      </Space>
    </div>
  );
}
