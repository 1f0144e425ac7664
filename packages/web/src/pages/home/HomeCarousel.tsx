import { Carousel, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { TIMINGS } from '@oj/shared';
import { siteApi } from '../../api/site';
import { queryKeys, useWebsiteConfig } from '../../api/queries';

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

/** Home carousel (spec 1 §2): 5000 ms, 440 px high, 200 px under 768 px (CSS). */
export function HomeCarousel() {
  const { data, isPending } = useQuery({ queryKey: queryKeys.carousel, queryFn: siteApi.carousel });
  if (isPending) return <Skeleton.Node active className="oj-carousel-skeleton" />;
  if (!data?.length) return <Welcome />;
  return (
    <Carousel autoplay={{ dotDuration: true }} autoplaySpeed={TIMINGS.carouselMs} className="oj-carousel" data-testid="home-carousel">
      {data.map((item) => (
        <div key={item.id}>
          <img className="oj-carousel-slide" src={item.url} alt="" draggable={false} />
        </div>
      ))}
    </Carousel>
  );
}
