import { isPrivateAddress, RefusedAddressError, resolvePublic } from './addresses';

describe('where a webhook may not be sent (T38)', () => {
  test.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:a00:1',
    'fd00::1',
    'fe80::1',
    'ff02::1',
    'not-an-address',
  ])('%s is refused', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  test.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  test('a name is resolved and every address checked; an IP literal, bracketed or not, as it is', async () => {
    await expect(resolvePublic('localhost', false)).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(resolvePublic('[::1]', false)).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(resolvePublic('10.0.0.1', false)).rejects.toBeInstanceOf(RefusedAddressError);
    expect(await resolvePublic('93.184.215.14', false)).toEqual([{ address: '93.184.215.14', family: 4 }]);
  });

  test('allowed (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES), loopback resolves to the addresses to connect to', async () => {
    const resolved = await resolvePublic('localhost', true);
    expect(resolved.length).toBeGreaterThan(0);
    expect(resolved.every((entry) => isPrivateAddress(entry.address))).toBe(true);
    expect(await resolvePublic('[::1]', true)).toEqual([{ address: '::1', family: 6 }]);
  });
});
