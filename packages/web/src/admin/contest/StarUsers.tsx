import { useState } from 'react';
import { Button, Input, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback';
import { addStar } from './contestForm';

/**
 * Star users: a list of usernames that take part unranked. Enter or the
 * button adds the typed name (trimmed, empty ignored); a name already there gives a warning.
 */
export function StarUsers({ value, onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const list = value ?? [];

  const add = () => {
    const res = addStar(list, text);
    if (res.duplicate) {
      feedback.warning(t('msg.contestStarDuplicate'));
      return;
    }
    if (res.list !== list) onChange?.(res.list);
    setText('');
  };

  return (
    <div className="oj-contest-stars" data-testid="contest-star-users">
      {list.length > 0 && (
        <div className="oj-contest-star-tags">
          {list.map((name) => (
            <Tag key={name} closable color="gold" onClose={() => onChange?.(list.filter((n) => n !== name))} data-testid={`star-user-${name}`}>
              {name}
            </Tag>
          ))}
        </div>
      )}
      <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
        <Input
          value={text}
          maxLength={255}
          placeholder={t('admin.contest.starPlaceholder')}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            add();
          }}
          data-testid="star-user-input"
        />
        <Button icon={<PlusOutlined />} onClick={add} data-testid="star-user-add">
          {t('admin.add')}
        </Button>
      </Space.Compact>
    </div>
  );
}
