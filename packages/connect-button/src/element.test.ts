import { defineElement, EVENTS, type CompleteDetail } from './element';
import { page } from './page';
import { fakePopup, type FakePopup } from './popup.fixture';
import { WATCH_EVERY_MS } from './popup';

// jsdom's page is at http://localhost/
const START = 'http://localhost/checkout/tullab/start';
const TULLAB = 'https://tullab.ae/connect/8f2a';
const DONE = 'http://localhost/checkout?verified=1';

beforeAll(() => defineElement());

let go: jest.SpyInstance;
let reload: jest.SpyInstance;
let consoleError: jest.SpyInstance;

beforeEach(() => {
  go = jest.spyOn(page, 'go').mockImplementation(() => undefined);
  reload = jest.spyOn(page, 'reload').mockImplementation(() => undefined);
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  document.body.replaceChildren();
  document.documentElement.removeAttribute('lang');
  Object.defineProperty(window, 'innerWidth', { value: 1024, configurable: true, writable: true });
});

/** `<tullab-verify>` with `attributes`, on the page; answers the element and the button in its shadow root. */
function addButton(attributes: Record<string, string> = { start: '/checkout/tullab/start' }) {
  const element = document.createElement('tullab-verify');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  const button = element.shadowRoot?.querySelector('button');
  if (!button) throw new Error('no button in the shadow root');
  return { element, button };
}

/** A window of `width` CSS pixels (jsdom's is 1024, with no pointer it can name). */
function windowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
}

describe('<tullab-verify>', () => {
  test('draws a button reading "Verify with Tullab", left to right', () => {
    const { button } = addButton();
    expect(button.type).toBe('button');
    expect(button.textContent).toBe('Verify with Tullab');
    expect(button.lang).toBe('en');
    expect(button.dir).toBe('ltr');
    expect(button.disabled).toBe(false);
  });

  test('lang="ar": in Arabic, right to left', () => {
    const { button } = addButton({ start: '/checkout/tullab/start', lang: 'ar' });
    expect(button.textContent).toBe('تحقّق عبر Tullab');
    expect(button.lang).toBe('ar');
    expect(button.dir).toBe('rtl');
  });

  test('without lang, the page’s: <html lang="ar-AE"> gives Arabic, and the element’s own lang wins', () => {
    document.documentElement.lang = 'ar-AE';
    expect(addButton().button.dir).toBe('rtl');
    expect(addButton({ start: '/checkout/tullab/start', lang: 'en' }).button.textContent).toBe(
      'Verify with Tullab',
    );
  });

  test('a change of lang redraws the label', () => {
    const { element, button } = addButton();
    element.setAttribute('lang', 'ar');
    expect(button.textContent).toBe('تحقّق عبر Tullab');
  });

  test('a start on another origin is refused: an error in the console, a disabled button that does nothing', () => {
    const open = jest.spyOn(window, 'open');
    const { button } = addButton({ start: 'https://evil.example/start' });
    expect(button.disabled).toBe(true);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('https://evil.example/start'));
    button.disabled = false; // even when a script enables it again
    button.click();
    expect(open).not.toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
  });

  test('the refusal is said once for an element the page’s HTML holds before the script runs', () => {
    document.body.innerHTML = '<tullab-verify start="https://evil.example/start"></tullab-verify>';
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  test('a start without an address is refused alike', () => {
    expect(addButton({}).button.disabled).toBe(true);
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('a click on a phone', () => {
  test('a narrow window: the page itself goes to start, no popup', () => {
    windowWidth(390);
    const open = jest.spyOn(window, 'open');
    addButton().button.click();
    expect(go).toHaveBeenCalledWith(START);
    expect(open).not.toHaveBeenCalled();
  });
});

describe('a click on a computer', () => {
  let popup: FakePopup;
  let open: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers();
    popup = fakePopup();
    open = jest.spyOn(window, 'open').mockReturnValue(popup.window);
  });

  /** The popup at each address in turn, the page looking at it after each. */
  const visit = (...urls: string[]) => {
    for (const url of urls) {
      popup.showAt(url);
      jest.advanceTimersByTime(WATCH_EVERY_MS);
    }
  };

  test('opens a centred 480×720 popup at start, and the page stays', () => {
    addButton().button.click();
    expect(open).toHaveBeenCalledWith(
      START,
      'tullab-verify',
      expect.stringMatching(/^popup=yes,width=480,height=720,left=-?\d+,top=-?\d+$/),
    );
    expect(go).not.toHaveBeenCalled();
  });

  test('a blocked popup: the page itself goes to start', () => {
    open.mockReturnValue(null);
    addButton().button.click();
    expect(go).toHaveBeenCalledWith(START);
  });

  test('a second click while the popup is open brings it forward', () => {
    const { button } = addButton();
    button.click();
    button.click();
    expect(open).toHaveBeenCalledTimes(1);
    expect(popup.focus).toHaveBeenCalled();
  });

  test('back from Tullab: the popup closes, tullab-verify:complete says where, then the page goes there', () => {
    const { button } = addButton();
    const completed: CompleteDetail[] = [];
    // it bubbles: the page may listen on the document
    const listener = (event: Event) => completed.push((event as CustomEvent<CompleteDetail>).detail);
    document.addEventListener(EVENTS.complete, listener);
    button.click();
    visit(START, TULLAB);
    expect(go).not.toHaveBeenCalled();
    visit(DONE);
    document.removeEventListener(EVENTS.complete, listener);
    expect(popup.close).toHaveBeenCalled();
    expect(completed).toEqual([{ url: DONE }]);
    expect(go).toHaveBeenCalledWith(DONE);
  });

  test('a listener that calls preventDefault() keeps the page where it is', () => {
    const { element, button } = addButton();
    element.addEventListener(EVENTS.complete, (event) => event.preventDefault());
    button.click();
    visit(TULLAB, DONE);
    expect(popup.close).toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  test('back at the callback itself (code and state): the page reloads rather than present the code again', () => {
    addButton().button.click();
    visit(TULLAB, 'http://localhost/checkout/tullab/callback?code=abc&state=xyz');
    expect(reload).toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
  });

  test('closed by the student: tullab-verify:cancel, and the page stays', () => {
    const { element, button } = addButton();
    const cancelled = jest.fn();
    element.addEventListener(EVENTS.cancel, cancelled);
    button.click();
    visit(TULLAB);
    popup.closeByHand();
    jest.advanceTimersByTime(WATCH_EVERY_MS);
    expect(cancelled).toHaveBeenCalledTimes(1);
    expect(go).not.toHaveBeenCalled();
  });
});
