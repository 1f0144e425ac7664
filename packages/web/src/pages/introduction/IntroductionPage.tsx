import { Card, Typography } from 'antd';
import { BulbOutlined, CodeOutlined, InfoCircleOutlined, ProfileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/queries';
import { CompileTips } from './CompileTips';
import { JudgeStatusTable } from './JudgeStatusTable';
import { LanguageTable } from './LanguageTable';
import './introduction.css';

/** The about page: what this judge is, what verdicts mean, which languages it compiles. */
export default function IntroductionPage() {
  const { t } = useTranslation();
  const { data: config, shortName } = useWebsiteConfig();
  const name = config?.name || shortName;
  return (
    <div className="oj-page oj-stack" data-testid="introduction">
      <Card
        title={
          <span>
            <InfoCircleOutlined /> {t('about.title', { name })}
          </span>
        }
      >
        {config?.description && <Typography.Paragraph strong>{config.description}</Typography.Paragraph>}
        <Typography.Paragraph>{t('about.what', { name })}</Typography.Paragraph>
        <Typography.Paragraph>{t('about.how')}</Typography.Paragraph>
        <Typography.Paragraph>{t('about.io')}</Typography.Paragraph>
      </Card>
      <Card
        title={
          <span>
            <ProfileOutlined /> {t('about.statuses')}
          </span>
        }
      >
        <JudgeStatusTable />
      </Card>
      <Card
        title={
          <span>
            <CodeOutlined /> {t('about.languages')}
          </span>
        }
      >
        <LanguageTable />
      </Card>
      <Card
        title={
          <span>
            <BulbOutlined /> {t('helpPage.tipsTitle')}
          </span>
        }
      >
        <CompileTips />
      </Card>
    </div>
  );
}
