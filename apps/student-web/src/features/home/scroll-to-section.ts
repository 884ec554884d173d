/**
 * Scrolls to a section of the page, smoothly unless the system asks for reduced motion, and moves keyboard focus
 * to its heading so the next Tab continues from there.
 */
export function scrollToSection(sectionId: string, headingId: string) {
  const section = document.getElementById(sectionId);
  if (!section) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  document.getElementById(headingId)?.focus({ preventScroll: true });
}
