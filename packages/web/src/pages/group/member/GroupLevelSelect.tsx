import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Actor, GroupLevel, type GroupLevelValue, type GroupMemberRow, may } from '@oj/shared';
import { groupApi } from '../../../api/group';
import { feedback } from '../../../app/feedback';
import { successMsg } from '../../../app/i18n';

const LEVELS = [GroupLevel.APPLYING, GroupLevel.REFUSED, GroupLevel.MEMBER, GroupLevel.ADMIN, GroupLevel.ROOT] as GroupLevelValue[];

/** A member row as the policy's `groupMember` resource (`to`: the level a change would give). */
export const memberResource = (row: GroupMemberRow, to?: GroupLevelValue) =>
  ({ kind: 'groupMember', uid: row.uid, level: row.auth, owner: row.owner, to }) as const;

/**
 * The member admin's level select: every level listed, those the viewer may not give
 * disabled unless the policy lets the viewer (`actor`, with his level in the group) give it, as the
 * server asks it; the owner's and the viewer's own row cannot change. A change is saved at once.
 */
export function GroupLevelSelect({ gid, row, actor, onChanged }: { gid: number; row: GroupMemberRow; actor: Actor | null; onChanged: () => void }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const fixed = !may(actor, 'delete', memberResource(row));

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
        disabled: !may(actor, 'setLevel', memberResource(row, level)),
        label: <span data-testid={`group-level-option-${level}`}>{t(`group.level.${level}`)}</span>,
      }))}
      data-testid={`group-level-${row.username}`}
    />
  );
}
