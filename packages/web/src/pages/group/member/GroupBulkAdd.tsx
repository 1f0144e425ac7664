import { useState } from 'react';
import { Alert, Button, Input, Space, Tag } from 'antd';
import { UsergroupAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { parseUsernameList, type GroupBulkAddResult } from '@oj/shared';
import { groupApi } from '../../../api/group';

/**
 * Bulk add, in the add-member dialog: a teacher pastes the class list (usernames, one a line
 * or separated by spaces or commas) and learns which were added, which already were members and which
 * do not exist, so he can fix those by hand.
 */
export function GroupBulkAdd({ gid, onAdded }: { gid: number; onAdded: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<GroupBulkAddResult | null>(null);
  const names = parseUsernameList(text);

  const submit = async () => {
    setPending(true);
    try {
      const r = await groupApi.bulkAdd(gid, names);
      setResult(r);
      if (r.added.length) onAdded();
    } catch {
      // the client showed the server's message
    } finally {
      setPending(false);
    }
  };

  if (!open) {
    return (
      <Button icon={<UsergroupAddOutlined />} onClick={() => setOpen(true)} className="oj-group-bulk-open" data-testid="group-bulk-open">
        {t('group.bulkAdd.open')}
      </Button>
    );
  }
  const line = (label: string, list: string[], color: string, testId: string) => (
    <div className="oj-group-bulk-line" data-testid={testId}>
      <span className="oj-group-bulk-label">
        {label} ({list.length}):
      </span>{' '}
      {list.length ? (
        list.map((n) => (
          <Tag key={n} color={color}>
            {n}
          </Tag>
        ))
      ) : (
        <span className="oj-group-bulk-none">{t('group.bulkAdd.none')}</span>
      )}
    </div>
  );
  return (
    <div className="oj-group-bulk" data-testid="group-bulk">
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('group.bulkAdd.placeholder')}
        autoSize={{ minRows: 3, maxRows: 8 }}
        aria-label={t('group.bulkAdd.placeholder')}
        data-testid="group-bulk-text"
      />
      <Space className="oj-group-bulk-actions" wrap>
        <Button type="primary" loading={pending} onClick={() => void submit()} data-testid="group-bulk-submit">
          {t('group.bulkAdd.submit')}
        </Button>
        <span className="oj-group-bulk-count">{t('group.bulkAdd.count', { count: names.length })}</span>
      </Space>
      {result && (
        <Alert
          type={result.notFound.length ? 'warning' : 'success'}
          showIcon
          className="oj-group-bulk-result"
          data-testid="group-bulk-result"
          message={t('group.bulkAdd.done', { added: result.added.length, already: result.alreadyMembers.length, missing: result.notFound.length })}
          description={
            <>
              {line(t('group.bulkAdd.added'), result.added, 'success', 'group-bulk-added')}
              {line(t('group.bulkAdd.already'), result.alreadyMembers, 'default', 'group-bulk-already')}
              {line(t('group.bulkAdd.notFound'), result.notFound, 'error', 'group-bulk-missing')}
            </>
          }
        />
      )}
    </div>
  );
}
