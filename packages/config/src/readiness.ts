/**
 * A dependency a service needs before it takes requests (its database, object store, Redis): `GET /readyz` runs every
 * one (`healthRoutes` of @tullab/http). Each client that opens such a dependency hands the service its check.
 */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
  timeoutMs?: number;
}
