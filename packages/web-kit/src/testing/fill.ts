import type { UserEvent } from '@testing-library/user-event';

/**
 * Fills a text field as a student pasting into it: focus, then one input event with the whole text. Typing key by
 * key (`user.type`) re-renders the form once a character, seconds a field in jsdom; tests that are about keys (Enter,
 * Backspace, a character at a time) still type.
 */
export async function fill(user: UserEvent, field: Element, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
