import { lazy, Suspense } from 'react';
import { HomeSkeleton } from './HomeSkeleton';
import { useQuery } from '@tanstack/react-query';
import { siteApi } from '../../api/site';
import { queryKeys, useWebsiteConfig } from '../../api/queries';

// The slider (antd Carousel: react-slick, ~12 KB compressed) is fetched only when there are at least two
// images to slide. One image is what the slider shows for it too (no dots, nothing moves): a plain image.
const CarouselSlides = lazy(() => import('./CarouselSlides'));

/** Without configured images the slot greets with the site's own name and description instead. */
function Welcome() {
  const { data: config, shortName } = useWebsiteConfig();
  return (
    <div className="oj-welcome" data-testid="home-welcome">
      <h1>{config?.name || shortName}</h1>
      {config?.description && <p>{config.description}</p>}
    </div>
  );
}

/** Home carousel: 5000 ms, 440 px high, 200 px under 768 px (CSS). */
export function HomeCarousel() {
  const { data, isPending } = useQuery({ queryKey: queryKeys.carousel, queryFn: siteApi.carousel });
  const skeleton = <HomeSkeleton block className="oj-carousel-skeleton" />;
  if (isPending) return skeleton;
  if (!data?.length) return <Welcome />;
  if (data.length === 1) {
    return (
      <div className="oj-carousel" data-testid="home-carousel">
        <img className="oj-carousel-slide" src={data[0]!.url} alt="" draggable={false} />
      </div>
    );
  }
  return (
    <Suspense fallback={skeleton}>
      <CarouselSlides items={data} />
    </Suspense>
  );
}
