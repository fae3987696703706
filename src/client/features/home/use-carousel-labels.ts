import { useTranslation } from 'react-i18next';
import type { CarouselLabels } from '../../components/ui/carousel';

export function useCarouselLabels(): CarouselLabels {
  const { t } = useTranslation('home');
  return {
    previous: t('carousel.previous'),
    next: t('carousel.next'),
    goTo: (number) => t('carousel.goTo', { number }),
    slide: (number, count) => t('carousel.slide', { number, count }),
    pause: t('carousel.pause'),
    play: t('carousel.play'),
  };
}
