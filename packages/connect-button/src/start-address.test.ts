import { startAddress } from './start-address';

const page = { href: 'https://shop.example/checkout?step=2', origin: 'https://shop.example' };

describe('startAddress', () => {
  test.each([
    ['/checkout/tullab/start', 'https://shop.example/checkout/tullab/start'],
    ['tullab/start?x=1', 'https://shop.example/tullab/start?x=1'],
    ['https://shop.example/checkout/tullab/start', 'https://shop.example/checkout/tullab/start'],
  ])('%j on the page’s own origin → %s', (start, expected) => {
    expect(startAddress(start, page)?.href).toBe(expected);
  });

  test.each([
    ['another site', 'https://evil.example/start'],
    ['a protocol-relative address elsewhere', '//evil.example/start'],
    ['a subdomain', 'https://pay.shop.example/start'],
    ['plain http on an https page', 'http://shop.example/start'],
    ['another port', 'https://shop.example:8443/start'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a data: address', 'data:text/html,<script>alert(1)</script>'],
    ['nothing', null],
    ['an empty attribute', '  '],
    ['no address at all', 'http://['],
  ])('%s (%j) is refused', (_case, start) => {
    expect(startAddress(start, page)).toBeNull();
  });

  test('a javascript: address is refused on a page without an origin too (a sandboxed or file: page)', () => {
    expect(startAddress('javascript:alert(1)', { href: 'about:srcdoc', origin: 'null' })).toBeNull();
  });
});
