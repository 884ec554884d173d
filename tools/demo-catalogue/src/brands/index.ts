import { beautyAndEntertainment } from './beauty-and-entertainment';
import { electronicsAndFashion } from './electronics-and-fashion';
import { servicesAndMore } from './services-and-more';
import { subscriptionsAndRetail } from './subscriptions-and-retail';

export type { Channel, DemoBrand, DemoDiscount } from './types';

/** The 30 demo brands, in the order they are loaded (each logo in logos/ is named after its brand). */
export const demoBrands = [
  ...subscriptionsAndRetail,
  ...electronicsAndFashion,
  ...beautyAndEntertainment,
  ...servicesAndMore,
];
