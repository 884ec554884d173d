/**
 * What tools outside the service may use (`@tullab/offers/tooling`; tools/demo-catalogue loads the demo catalogue with
 * it): offers' configuration, tables and logo bucket, and the functions that add offers and code pools as the service
 * itself does. The service never imports a tool.
 */
export { configShape } from './config';
export { entities, migrations } from './db';
export { logoStore } from './modules/logos/store';
export { OfferSchema } from './modules/offers/entities';
export { newOffer, type NewOffer } from './modules/offers/service';
export { addCodes } from './modules/code-pool/pool';
