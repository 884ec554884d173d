import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * The Emotion cache of right-to-left pages: every style MUI and the components write is mirrored (left ↔ right,
 * margins, paddings, borders, transforms) as it is inserted. Loaded only when a page is in Arabic.
 */
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
