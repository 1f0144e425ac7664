import { DiscussionConfigCard } from './DiscussionConfigCard';
import { JudgeConfigCard } from './JudgeConfigCard';
import { GroupConfigCard } from './site/GroupConfigCard';

/**
 * Site switches (super admin only; HOJ's SysSwitch): the judge, discussion and
 * group settings — the same cards as on /admin/conf.
 */
export default function SwitchPage() {
  return (
    <div className="oj-admin-page" data-testid="admin-switch">
      <JudgeConfigCard />
      <DiscussionConfigCard />
      <GroupConfigCard />
    </div>
  );
}
