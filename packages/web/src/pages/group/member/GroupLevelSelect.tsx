import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { GroupLevel, groupLevelChoices, type GroupLevelValue, type GroupMemberRow } from '@oj/shared';
import { groupApi } from '../../../api/group';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';

const LEVELS = [GroupLevel.APPLYING, GroupLevel.REFUSED, GroupLevel.MEMBER, GroupLevel.ADMIN, GroupLevel.ROOT] as GroupLevelValue[];

export interface Ruler {
  uid: string;
  level: number;
  owner: boolean;
  superAdmin: boolean;
}

/**
 * The member admin's level select (spec 3 §4): every level listed, those the viewer may not give
 * disabled exactly as the rules say (the server enforces the same, `groupLevelChoices`); the owner's
 * and the viewer's own row cannot change. A change is saved at once.
 */
export function GroupLevelSelect({ gid, row, ruler, onChanged }: { gid: number; row: GroupMemberRow; ruler: Ruler; onChanged: () => void }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const fixed = row.owner || row.uid === ruler.uid || !(ruler.owner || ruler.superAdmin || row.auth < ruler.level);
  const allowed = groupLevelChoices(ruler, row.auth);

  const change = async (auth: GroupLevelValue) => {
    setSaving(true);
    try {
      const res = await groupApi.updateMember({ gid, uid: row.uid, auth });
      feedback.success(successMsg(res.msg, 'group.member.updated'));
      onChanged();
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Select<GroupLevelValue>
      size="small"
      value={row.auth}
      disabled={fixed}
      loading={saving}
      onChange={(v) => void change(v)}
      className="oj-group-level-select"
      popupMatchSelectWidth={false}
      options={LEVELS.map((level) => ({
        value: level,
        disabled: !allowed.includes(level),
        label: <span data-testid={`group-level-option-${level}`}>{t(`group.level.${level}`)}</span>,
      }))}
      data-testid={`group-level-${row.username}`}
    />
  );
}
