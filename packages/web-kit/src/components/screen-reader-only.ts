/**
 * Styles for content that screen readers read (or a control keyboards reach) but that takes no room on screen.
 * Sizes are strings: in `sx`, a bare 1 would mean 100%.
 */
export const screenReaderOnly = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;
