/**
 * SPEC §3 "Student profile": the dashboard edits one full name and saves it split at the first space — the first
 * word is the first name, the rest (spaces kept) the last name.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim();
  const space = trimmed.indexOf(' ');
  if (space === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

export const joinFullName = (firstName: string, lastName: string): string =>
  [firstName, lastName].filter(Boolean).join(' ');
