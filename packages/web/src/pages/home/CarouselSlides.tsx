import { Carousel } from 'antd';
import { TIMINGS, type CarouselItem } from '@oj/shared';

/** The configured carousel images; its own chunk, fetched only when a site has images to show. */
export default function CarouselSlides({ items }: { items: CarouselItem[] }) {
  return (
    <Carousel autoplay={{ dotDuration: true }} autoplaySpeed={TIMINGS.carouselMs} className="oj-carousel" data-testid="home-carousel">
      {items.map((item) => (
        <div key={item.id}>
          <img className="oj-carousel-slide" src={item.url} alt="" draggable={false} />
        </div>
      ))}
    </Carousel>
  );
}
