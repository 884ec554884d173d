import { builtScript } from './built';

/** The built script run as a page runs a <script> tag's. */
const runScript = (source: string) => new Function(source)();

describe('dist/button.js on a page', () => {
  test('included twice, defines <tullab-verify> once and draws its button', () => {
    const source = builtScript().toString('utf8');
    const define = jest.spyOn(customElements, 'define');
    runScript(source);
    runScript(source);
    expect(define).toHaveBeenCalledTimes(1);

    document.body.innerHTML = '<tullab-verify start="/checkout/tullab/start" lang="ar"></tullab-verify>';
    const button = document.querySelector('tullab-verify')?.shadowRoot?.querySelector('button');
    expect(button?.textContent).toBe('تحقّق عبر Tullab');
    expect(button?.dir).toBe('rtl');
  });
});
