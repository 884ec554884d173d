import { fakePopup, type FakePopup } from './popup.fixture';
import { popupFeatures, WATCH_EVERY_MS, watchPopup } from './popup';

const ORIGIN = 'https://shop.example';
const START = new URL('https://shop.example/checkout/tullab/start');
const TULLAB = 'https://tullab.ae/connect/8f2a';
const DONE = 'https://shop.example/checkout?verified=1';

describe('popupFeatures', () => {
  test('a 480×720 popup centred over the window', () => {
    const window = { screenX: 100, screenY: 50, outerWidth: 1280, outerHeight: 900 };
    expect(popupFeatures(window)).toBe('popup=yes,width=480,height=720,left=500,top=140');
  });
});

describe('watchPopup', () => {
  let popup: FakePopup;
  const outcome = { onReturn: jest.fn(), onClose: jest.fn() };
  /** The popup at each address in turn, the page looking at it after each. */
  const visit = (...urls: string[]) => {
    for (const url of urls) {
      popup.showAt(url);
      jest.advanceTimersByTime(WATCH_EVERY_MS);
    }
  };

  beforeEach(() => {
    jest.useFakeTimers();
    popup = fakePopup(ORIGIN);
    outcome.onReturn.mockClear();
    outcome.onClose.mockClear();
    watchPopup(popup.window, START, ORIGIN, outcome);
  });

  afterEach(() => jest.useRealTimers());

  test('blank, then at the start address, then at Tullab: still under way', () => {
    jest.advanceTimersByTime(WATCH_EVERY_MS);
    visit(START.href, TULLAB);
    expect(outcome.onReturn).not.toHaveBeenCalled();
    expect(outcome.onClose).not.toHaveBeenCalled();
  });

  test('back on the page’s origin after Tullab: onReturn with where, once', () => {
    visit(START.href, TULLAB, DONE);
    expect(outcome.onReturn).toHaveBeenCalledTimes(1);
    expect(outcome.onReturn).toHaveBeenCalledWith(DONE);
    visit('https://shop.example/elsewhere');
    expect(outcome.onReturn).toHaveBeenCalledTimes(1);
  });

  test('back at the start address itself after Tullab counts too', () => {
    visit(TULLAB, START.href);
    expect(outcome.onReturn).toHaveBeenCalledWith(START.href);
  });

  test('there and back in redirects the popup never showed: another address of the page’s origin', () => {
    visit(DONE);
    expect(outcome.onReturn).toHaveBeenCalledWith(DONE);
  });

  test('closed by the student: onClose, once, and no return', () => {
    visit(TULLAB);
    popup.closeByHand();
    jest.advanceTimersByTime(WATCH_EVERY_MS * 3);
    expect(outcome.onClose).toHaveBeenCalledTimes(1);
    expect(outcome.onReturn).not.toHaveBeenCalled();
  });
});
