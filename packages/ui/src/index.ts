// What both front-ends draw alike; each app bundles this source with its own Vite and jest set-up.
export * from './colours';
export * from './motion';
export * from './display';
export * from './BrandLogo';
export * from './DiscountBadge';
export * from './OfferCard';
