/** Tullab's brand green (SPEC §9). Light: never text or thin lines on white. */
export const BRAND_GREEN = '#57CC97';
/** A lighter shade of the brand green, behind dark text (a logo's initials). */
export const BRAND_GREEN_LIGHT = '#8FE0BA';
/** The dark shade of the brand green: readable on white (5.3:1), unlike the brand green itself (2:1). */
export const BRAND_GREEN_DARK = '#2E7D5B';
/** The darkest brand green, for text on the brand green and for the app bar. */
export const BRAND_GREEN_DEEP = '#0B2E1F';
