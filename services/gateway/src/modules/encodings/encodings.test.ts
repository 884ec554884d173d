import { acceptedEncodings } from './encodings';

describe('acceptedEncodings', () => {
  test.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['br', ['br']],
    ['gzip', ['gzip']],
    ['GZIP;Q=0.8', ['gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['br;q=0.5, gzip;q=1', ['gzip', 'br']],
    ['gzip;q=0.5, br;q=0.9', ['br', 'gzip']],
    ['*', ['br', 'gzip']],
    ['gzip, *;q=0', ['gzip']],
    ['br;q=0, *', ['gzip']],
    ['br;q=nonsense, gzip', ['gzip']],
    ['identity', []],
    ['deflate, zstd', []],
    ['br;q=0, gzip;q=0', []],
    ['', []],
    [undefined, []],
  ])('Accept-Encoding %j → %j', (header, names) => {
    expect(acceptedEncodings(header).map((encoding) => encoding.name)).toEqual(names);
  });
});
