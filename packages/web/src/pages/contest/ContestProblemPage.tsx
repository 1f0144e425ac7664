// PLACEHOLDER: replaced by the contest work in progress (see the contest issue); never ships like this.
import UnavailablePage from '../unavailable/UnavailablePage';

export default function ContestProblemPage() {
  return <UnavailablePage area="contest" />;
}
