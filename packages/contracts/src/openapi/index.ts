export { apiGroups, openApiDocument, openApiPathOf, type OpenApiOptions } from './document.js';
export type { Access, ApiRoute, RouteGroup } from './route.js';
