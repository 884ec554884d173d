// All four services the gateway calls, as fakes at once: identity (which resolves sessions), verification, offers
// and notifications.
import { startFakeIdentity, type FakeIdentity } from './fake-identity';
import { startFakeService, type FakeService } from './fake-service';

export interface Fakes {
  identity: FakeIdentity;
  verification: FakeService;
  offers: FakeService;
  notifications: FakeService;
  close(): Promise<void>;
}

export async function startFakes(): Promise<Fakes> {
  const [identity, verification, offers, notifications] = await Promise.all([
    startFakeIdentity(),
    startFakeService('verification'),
    startFakeService('offers'),
    startFakeService('notifications'),
  ]);
  return {
    identity,
    verification,
    offers,
    notifications,
    close: async () => {
      await Promise.all([identity.close(), verification.close(), offers.close(), notifications.close()]);
    },
  };
}
