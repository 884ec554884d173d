import { languageOf } from './language';

const ask = (header?: string) =>
  languageOf({ headers: header === undefined ? {} : { 'accept-language': header } });

describe('languageOf', () => {
  test.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ar', 'ar'],
    ['ar-AE,ar;q=0.9,en;q=0.8', 'ar'],
    ['en-GB,en;q=0.9,ar;q=0.8', 'en'],
    ['fr-FR,ar;q=0.5', 'ar'],
    ['en;q=0.4,ar;q=0.6', 'ar'],
    ['ar;q=0,en', 'en'],
    ['de, fr', 'en'],
    ['*;q=0.5,ar;q=bad', 'en'],
  ])('%p → %s', (header, language) => {
    expect(ask(header)).toBe(language);
  });
});
