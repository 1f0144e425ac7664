// PLACEHOLDER: replaced by the contest work in progress (see the contest issue); never ships like this.
import { Outlet } from 'react-router';

export default function ContestShell() {
  return <Outlet />;
}
