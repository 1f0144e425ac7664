// PLACEHOLDER: replaced by the contest work in progress (see the contest issue); never ships like this.
import UnavailablePage from '../../unavailable/UnavailablePage';

export default function AdminPrintPage() {
  return <UnavailablePage area="contest" />;
}
