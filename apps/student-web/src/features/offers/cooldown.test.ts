import { COPY_COOLDOWN_MS, createCooldown, REFERRAL_COOLDOWN_MS } from './cooldown';

describe('createCooldown (SPEC §9 copy 1.5 s, referral 5 s)', () => {
  test.each([
    ['copy', COPY_COOLDOWN_MS, 1500],
    ['referral', REFERRAL_COOLDOWN_MS, 5000],
  ])('the %s gate lets one action through, then refuses until %i ms have passed', (_name, ms, expected) => {
    expect(ms).toBe(expected);
    let now = 10_000;
    const tryPass = createCooldown(ms, () => now);
    expect(tryPass()).toBe(true);
    now += ms - 1;
    expect(tryPass()).toBe(false);
    now += 1;
    expect(tryPass()).toBe(true);
    expect(tryPass()).toBe(false);
  });
});
