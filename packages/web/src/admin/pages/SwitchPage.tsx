import { DiscussionConfigCard } from './DiscussionConfigCard';
import { JudgeConfigCard } from './JudgeConfigCard';
import { GroupConfigCard } from './site/GroupConfigCard';
import { RemoteAccountsCard } from '../remote/RemoteAccountsCard';

/**
 * Site switches (super admin only; HOJ's SysSwitch): the judge, discussion and
 * group settings — the same cards as on /admin/conf — and the remote judges' accounts.
 */
export default function SwitchPage() {
  return (
    <div className="oj-admin-page" data-testid="admin-switch">
      <JudgeConfigCard />
      <RemoteAccountsCard />
      <DiscussionConfigCard />
      <GroupConfigCard />
    </div>
  );
}
