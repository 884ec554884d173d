import { screen } from '@testing-library/react';

/**
 * Finds a toast's text. One toast shows at a time (SPEC §9), so a new one waits for the previous one to slide out:
 * allow for the transitions.
 */
export const findToast = (text: string) => screen.findByText(text, {}, { timeout: 3000 });
