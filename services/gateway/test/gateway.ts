// The real gateway for the gateway's tests, started in this process on a free port, calling the services given.
import { parseConfig } from '@tullab/config';
import { getRedisUrl, startedPairForTests } from '@tullab/testing';
import { configShape, startService, type RunningGateway } from '../src';
import { missingDir } from './directories';
import { INTERNAL_SECRET } from './fake-service';
import { startFakes, type Fakes } from './fakes';

/** The real gateway on a free port, with the given services (fakes or real ones) and real Redis. */
export async function startGateway(
  fakes: Partial<Record<'identity' | 'verification' | 'offers' | 'notifications', { url: string }>>,
  env: Record<string, string> = {},
): Promise<RunningGateway> {
  const config = parseConfig(configShape, {
    INTERNAL_SECRET,
    REDIS_URL: await getRedisUrl(),
    LOG_LEVEL: 'silent',
    PORT: '0',
    METRICS_PORT: '0',
    ...(fakes.identity && { IDENTITY_URL: fakes.identity.url }),
    ...(fakes.verification && { VERIFICATION_URL: fakes.verification.url }),
    ...(fakes.offers && { OFFERS_URL: fakes.offers.url }),
    ...(fakes.notifications && { NOTIFICATIONS_URL: fakes.notifications.url }),
    STUDENT_WEB_DIR: missingDir(),
    ADMIN_WEB_DIR: missingDir(),
    MERCHANT_WEB_DIR: missingDir(),
    ...env,
  });
  return startService(config);
}

/**
 * The four fakes and the real gateway calling them, for the tests of the file that calls this: started before its
 * tests (the gateway with `env` besides) and closed after them, the gateway first. Both objects are empty while the
 * file loads.
 */
export function gatewayForTests(env: Record<string, string> = {}): { fakes: Fakes; gateway: RunningGateway } {
  const [fakes, gateway] = startedPairForTests(startFakes, (started) => startGateway(started, env));
  return { fakes, gateway };
}
