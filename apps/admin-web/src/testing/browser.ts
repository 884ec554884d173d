/** `Blob.prototype.text` (jsdom 26 has none) over jsdom's own FileReader. */
function readText(this: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(this);
  });
}

/**
 * What jsdom leaves out and the console uses: object URLs for fetched documents (jsdom has no
 * `URL.createObjectURL`), reading a picked file as text, and scrolling (jsdom has no layout; react-admin scrolls to
 * the top on navigation). Object URLs are real enough to assert on: each blob gets its own `blob:` URL until it is
 * revoked.
 */
export function installBrowserGaps() {
  if (!Blob.prototype.text)
    Object.defineProperty(Blob.prototype, 'text', { value: readText, configurable: true });
  const urls = new Map<string, Blob>();
  let next = 0;
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:http://console.test/${++next}`;
      urls.set(url, blob);
      return url;
    },
    revokeObjectURL: (url: string) => {
      urls.delete(url);
    },
  });
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  return { objectUrls: urls };
}

/**
 * react-admin logs every failed dataProvider call with console.error in development; a test that makes a call fail
 * on purpose silences that and can check the logged error was the expected one.
 */
export function expectDataProviderErrors() {
  return jest.spyOn(console, 'error').mockImplementation(() => undefined);
}
