/**
 * How the button moves the page it is on. One object, so that a test can see where the page would go: jsdom
 * navigates nowhere.
 */
export const page = {
  go(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
