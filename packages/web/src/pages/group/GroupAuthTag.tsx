import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupAuthValue } from '@oj/shared';

const COLOR: Record<GroupAuthValue, string> = { 1: 'green', 2: 'orange', 3: 'red' };

/** Public / protected / private (group auth). */
export function GroupAuthTag({ auth }: { auth: GroupAuthValue }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[auth]}>{t(`group.auth.${auth}`)}</Tag>;
}
