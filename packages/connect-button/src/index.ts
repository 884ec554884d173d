/**
 * "Verify with Tullab" (issue 30 point 6, decision 019): the button a brand adds to its checkout with one script and
 * one element.
 *
 * ```html
 * <script src="https://tullab.ae/connect/button.js" defer></script>
 * <tullab-verify start="/checkout/tullab/start" lang="ar"></tullab-verify>
 * ```
 *
 * Attributes:
 *
 * - `start` (required): the address on the brand's own site where its server starts the OpenID Connect flow (it
 *   makes the PKCE verifier and `state`, keeps them, and redirects to Tullab's authorization endpoint). Relative or
 *   absolute, but on the page's own origin, http or https: anything else is refused with an error in the console,
 *   and the button stays disabled, so that no button is a way to send a brand's visitors elsewhere.
 * - `lang`: `en` or `ar` (any `ar-…` tag is Arabic). Without it, the language HTML gives the element: the nearest
 *   `lang` above it, usually `<html lang>`. English otherwise. Arabic is written right to left.
 *
 * A click opens the flow. On a phone (a narrow window or a coarse pointer), and wherever the popup is blocked, the
 * page itself goes to `start`. Elsewhere a popup of 480×720 opens at `start`, centred over the page, and the page
 * watches it: when it comes back to the page's origin (the brand's callback, after Tullab sent the student back), the
 * button closes it and dispatches `tullab-verify:complete` (`detail.url`: where the popup came back to), then the
 * page goes to that address, unless a listener called `preventDefault()` to handle it itself. The callback should
 * finish the sign-in and redirect to the page that shows the result; a callback that answers with a page of its own
 * (its address still has `code` and `state`) is not opened a second time, since its code is single-use: the page
 * reloads instead. When the student closes the popup, the button dispatches `tullab-verify:cancel`. Both events
 * bubble. The page keeps sight of the popup only while every answer the popup gets has no
 * `Cross-Origin-Opener-Policy` (or `unsafe-none`), as Tullab's answers in the flow have (S26): a checkout page with
 * COOP should send `same-origin-allow-popups`, not `same-origin`, and `start`, the callback and the page it redirects
 * to none at all.
 *
 * The button lives in the element's shadow root, in the brand green with dark text (WCAG AA); `::part(button)`
 * styles it. The script is self-contained: it loads nothing and calls no one, Tullab included; and it may be
 * included twice.
 */
import { defineElement } from './element';

defineElement();
