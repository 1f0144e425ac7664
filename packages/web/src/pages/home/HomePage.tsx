import { Announcements } from './Announcements';
import { HomeCarousel } from './HomeCarousel';

/** Home (spec 1 §2): carousel and announcements; the other cards arrive with their areas. */
export default function HomePage() {
  return (
    <div className="oj-page oj-home" data-testid="home">
      <HomeCarousel />
      <Announcements />
    </div>
  );
}
