import { BRAND_GREEN } from '@tullab/ui/colours';
import { BUTTON_CSS, LABEL_COLOUR } from './styles';

/** WCAG 2's relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe('the button’s colours', () => {
  test('the label on the brand green is readable: at least 4.5:1 (WCAG AA)', () => {
    expect(BUTTON_CSS).toContain(`background-color: ${BRAND_GREEN};`);
    expect(BUTTON_CSS).toContain(`color: ${LABEL_COLOUR};`);
    expect(contrast(LABEL_COLOUR, BRAND_GREEN)).toBeGreaterThanOrEqual(4.5);
  });

  test('white on the brand green would not be (why the label is dark)', () => {
    expect(contrast('#FFFFFF', BRAND_GREEN)).toBeLessThan(4.5);
  });
});
