/**
 * Chart colours with at least 3:1 contrast against white (WCAG 1.4.11 for graphics); the brand green itself is too
 * light for a bar, so its dark shade leads.
 */
export const chartColors = {
  green: '#2E7D5B',
  blue: '#1565C0',
  red: '#C62828',
  amber: '#A15C00',
  purple: '#6A1B9A',
} as const;
