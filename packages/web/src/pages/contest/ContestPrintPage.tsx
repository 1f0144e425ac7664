import { useState } from 'react';
import { Button, Card, Input, Result, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONTEST_LIMITS } from '@oj/shared';
import { contestRankApi } from '../../api/contestRank';
import { feedback } from '../../app/feedback';
import { useContest } from './ContestContext';
import './tools/tools.css';

/**
 * /contest/:contestID/print (ContestPrint; contests with openPrint): send a text to the
 * print queue. Empty: "Content cannot be empty"; under 50 characters: "The number of content cannot be
 * less than 50"; the server's cool-down message is shown as it comes.
 */
export default function ContestPrintPage() {
  const { t } = useTranslation();
  const { contest } = useContest();
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);

  if (!contest.openPrint) return <Result status="warning" title={t('msg.printClosed')} data-testid="print-closed" />;

  const send = async () => {
    if (!content.trim()) return void feedback.warning(t('msg.printEmpty'));
    if (content.length < CONTEST_LIMITS.printMinLength) return void feedback.warning(t('msg.printTooShort'));
    setSending(true);
    try {
      await contestRankApi.submitPrint(contest.id, content);
      feedback.success(t('scoreboard.print.success'));
      setContent('');
    } catch {
      /* the client showed the server's message (cool-down, closed) */
    } finally {
      setSending(false);
    }
  };

  return (
    <Card title={t('scoreboard.print.title')} data-testid="contest-print">
      <Typography.Paragraph type="secondary">{t('scoreboard.print.intro', { min: CONTEST_LIMITS.printMinLength })}</Typography.Paragraph>
      <Input.TextArea
        className="oj-print-area"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        autoSize={{ minRows: 14, maxRows: 30 }}
        maxLength={CONTEST_LIMITS.printMaxLength}
        showCount
        placeholder={t('scoreboard.print.placeholder')}
        data-testid="print-content"
      />
      <div style={{ marginTop: 24, textAlign: 'right' }}>
        <Button type="primary" icon={<PrinterOutlined />} loading={sending} onClick={() => void send()} data-testid="print-submit">
          {t('scoreboard.print.submit')}
        </Button>
      </div>
    </Card>
  );
}
