import { prefersReducedMotion } from '@tullab/web-kit/theme';

/**
 * Scrolls to a section of the page, smoothly unless the system asks for reduced motion, and moves keyboard focus
 * to its heading so the next Tab continues from there.
 */
export function scrollToSection(sectionId: string, headingId: string) {
  const section = document.getElementById(sectionId);
  if (!section) return;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  document.getElementById(headingId)?.focus({ preventScroll: true });
}
