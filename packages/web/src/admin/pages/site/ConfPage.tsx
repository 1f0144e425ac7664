import { DiscussionConfigCard } from '../DiscussionConfigCard';
import { JudgeConfigCard } from '../JudgeConfigCard';
import { CarouselCard } from './CarouselCard';
import { DataSourceCard } from './DataSourceCard';
import { GroupConfigCard } from './GroupConfigCard';
import { SmsConfigCard } from './SmsConfigCard';
import { SmtpConfigCard } from './SmtpConfigCard';
import { WebsiteConfigCard } from './WebsiteConfigCard';

/**
 * Site configuration (super admin): one card per part, each saved on its own with one
 * call — website and home carousel, SMTP, mobile SMS, judge, discussion and group settings — and the
 * data source, read only. The judge, discussion and group cards are those of /admin/switch.
 */
export default function ConfPage() {
  return (
    <div className="oj-admin-page" data-testid="admin-conf">
      <WebsiteConfigCard />
      <CarouselCard />
      <SmtpConfigCard />
      <SmsConfigCard />
      <JudgeConfigCard />
      <DiscussionConfigCard />
      <GroupConfigCard />
      <DataSourceCard />
    </div>
  );
}
