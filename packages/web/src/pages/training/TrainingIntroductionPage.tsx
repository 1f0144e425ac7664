import { useState } from 'react';
import { Alert, Button, Card, Input, Space, Typography } from 'antd';
import { CheckCircleOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MSG, TrainingAuth } from '@oj/shared';
import { ApiError } from '../../api/client';
import { trainingApi } from '../../api/training';
import { feedback } from '../../app/feedback';
import { Markdown } from '../../components/Markdown';
import { useTraining } from './TrainingContext';

/**
 * The password card of a private training: an empty password gets the
 * warning "Enter the training password"; the server's refusals (wrong password, too many tries) come
 * as the client's toast. Registering reloads the access, which unlocks the tabs in place.
 */
function PasswordCard() {
  const { t } = useTranslation();
  const { training, refresh } = useTraining();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!password) {
      feedback.warning(t('msg.enterTrainingPassword'));
      return;
    }
    setBusy(true);
    try {
      await trainingApi.register(training.id, password);
      feedback.success(t('msg.trainingRegistered'));
      setPassword('');
      refresh();
    } catch (err) {
      // Registered meanwhile (another tab): the tabs just need to know.
      if (err instanceof ApiError && err.rawMsg === MSG.trainingAlreadyRegistered) refresh();
      // Anything else (wrong password, too many tries) the client has shown as its toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={
        <span>
          <KeyOutlined /> {t('training.password.title')}
        </span>
      }
      className="oj-training-password"
      data-testid="training-password-card"
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('training.password.hint')}</Typography.Text>
        <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
          <Input.Password
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onPressEnter={() => void submit()}
            placeholder={t('training.password.placeholder')}
            autoComplete="off"
            data-testid="training-password"
          />
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="training-password-submit">
            {t('training.password.submit')}
          </Button>
        </Space.Compact>
      </Space>
    </Card>
  );
}

/** The introduction tab (index route): the password card when needed, then the description in Markdown. */
export default function TrainingIntroductionPage() {
  const { t } = useTranslation();
  const { training, access } = useTraining();
  const priv = training.auth === TrainingAuth.PRIVATE;
  return (
    <div className="oj-stack" data-testid="training-introduction">
      {priv && !access && <PasswordCard />}
      {priv && access && (
        <Alert type="success" showIcon icon={<CheckCircleOutlined />} title={t('training.password.unlocked')} data-testid="training-unlocked" />
      )}
      <Card title={t('training.tab.introduction')} data-testid="training-description">
        {training.description.trim() ? (
          <Markdown source={training.description} />
        ) : (
          <Typography.Text type="secondary">{t('training.detail.noDescription')}</Typography.Text>
        )}
      </Card>
    </div>
  );
}
