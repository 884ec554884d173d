// A popup as the page that opened it sees it, for the tests of the watch and the element: its address is readable on
// the page's own origin (and while blank), and reading it throws while it shows another origin's page (Tullab's).

/** A popup whose address and state the test moves on, as the flow and the student would. */
export interface FakePopup {
  window: Window;
  /** the popup now shows `url`; on another origin than the page's, reading its address throws */
  showAt(url: string): void;
  /** the student closes it */
  closeByHand(): void;
  close: jest.Mock;
  focus: jest.Mock;
}

export function fakePopup(pageOrigin = window.location.origin): FakePopup {
  let href = 'about:blank';
  let closed = false;
  const close = jest.fn(() => {
    closed = true;
  });
  const focus = jest.fn();
  const popup = {
    get closed() {
      return closed;
    },
    get location() {
      if (href !== 'about:blank' && new URL(href).origin !== pageOrigin) {
        throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
      }
      return { href };
    },
    close,
    focus,
  };
  return {
    window: popup as unknown as Window,
    showAt: (url) => {
      href = url;
    },
    closeByHand: () => {
      closed = true;
    },
    close,
    focus,
  };
}
