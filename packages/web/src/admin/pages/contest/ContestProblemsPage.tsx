// PLACEHOLDER: replaced by work in progress; never ships like this.
import UnavailablePage from '../../../pages/unavailable/UnavailablePage';

export default function ContestProblemsPage() {
  return <UnavailablePage area="contest" />;
}
