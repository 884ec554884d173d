/** The shop's one product, its prices in fils (AED × 100, so that a discount is exact), and the students' discount. */
export const PRODUCT = {
  name: 'Dune Runner trainers',
  description:
    'Light running trainers with a breathable knit upper, made for evening runs along the Corniche.',
  priceFils: 40_000,
  studentDiscountPercent: 20,
};
export const STUDENT_PRICE_FILS = (PRODUCT.priceFils * (100 - PRODUCT.studentDiscountPercent)) / 100;

const aed = new Intl.NumberFormat('en-AE', { style: 'currency', currency: 'AED' });
/** An amount in fils as shoppers read it: "AED 400.00". */
export const priceOf = (fils) => aed.format(fils / 100);

const days = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
/** A `YYYY-MM-DD` day as shoppers read it: "30 Jun 2027". */
const dayOf = (day) => days.format(new Date(`${day}T00:00:00Z`));

const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe to put in HTML. */
export const escape = (text) => String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]);

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1d1d1f; }
  header { padding: 1rem 2rem; background: #1d1d1f; } header a { color: #fff; font-weight: 700; text-decoration: none; }
  main { max-width: 40rem; margin: 2rem auto; padding: 0 1rem; }
  .price { font-size: 1.5rem; font-weight: 700; } del { color: #6e6e73; font-weight: 400; }
  .note { padding: .75rem 1rem; border-radius: .5rem; background: #f2f2f7; }
  button.primary { font: inherit; padding: .6rem 1.4rem; border: 0; border-radius: .5rem; background: #1d1d1f; color: #fff; }`;

/**
 * A page of the shop. `tullabUrl` loads the button's script: one script tag from Tullab and the `<tullab-verify>`
 * element where the button goes. This shop sends no Cross-Origin-Opener-Policy: the button's page must keep sight of
 * its popup until Tullab sends it back here (a checkout page that sends COOP makes it `same-origin-allow-popups`).
 */
function layout(title, body, { tullabUrl = null } = {}) {
  const script = tullabUrl ? `<script src="${escape(tullabUrl)}/connect/button.js" defer></script>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Sahara Kicks</title>
${script}
<style>${STYLE}</style>
</head>
<body>
<header><a href="/">Sahara Kicks</a></header>
<main>
${body}
</main>
</body>
</html>`;
}

/** The button: a click opens the flow at `start`, this shop's own address that redirects to Tullab. */
const VERIFY_BUTTON = '<tullab-verify start="/tullab/start"></tullab-verify>';

/** The product page: its price, the students' price, and the button. */
export function productPage({ tullabUrl }) {
  return layout(
    PRODUCT.name,
    `<h1>${escape(PRODUCT.name)}</h1>
<p>${escape(PRODUCT.description)}</p>
<p class="price">${priceOf(PRODUCT.priceFils)}</p>
<section aria-labelledby="students">
  <h2 id="students">Students pay ${priceOf(STUDENT_PRICE_FILS)}</h2>
  <p>${PRODUCT.studentDiscountPercent}% off for verified students in the UAE. Confirm your student status with Tullab:
  we learn only that you are a verified student, and until when.</p>
  ${VERIFY_BUTTON}
</section>
<p><a href="/checkout">Go to checkout</a></p>`,
    { tullabUrl },
  );
}

/** What the checkout says about the student price, by what became of the verification (`req.session.verification`). */
function verificationNote(verification) {
  switch (verification?.status) {
    case 'verified':
      return `Verified with Tullab: you are a student until ${escape(dayOf(verification.verifiedUntil))}. Your student price is applied.${
        verification.mode === 'test'
          ? ' (Tullab test app: this checkout is kept apart from the live figures.)'
          : ''
      }`;
    case 'not_verified':
      return "Tullab could not confirm that you are a verified student, so the student price doesn't apply. Verify your student status on Tullab, then try again.";
    case 'declined':
      return "You chose not to share your student status at Tullab, so the student price doesn't apply.";
    case 'unavailable':
      return "You are a verified student, but the student offer isn't available right now, so the student price doesn't apply.";
    case 'failed':
      return "We couldn't check your student status with Tullab. Please try again.";
    default:
      return `Students pay ${priceOf(STUDENT_PRICE_FILS)}: verify your student status with Tullab.`;
  }
}

/** The checkout: the line, the price that applies and why, the button again unless verified, and "Place order". */
export function checkoutPage({ tullabUrl, verification }) {
  const student = verification?.status === 'verified';
  const price = student
    ? `<del>${priceOf(PRODUCT.priceFils)}</del> ${priceOf(STUDENT_PRICE_FILS)} <small>student price</small>`
    : priceOf(PRODUCT.priceFils);
  return layout(
    'Checkout',
    `<h1>Checkout</h1>
<p>1 × ${escape(PRODUCT.name)}</p>
<p class="price" data-testid="checkout-price">${price}</p>
<p class="note" role="status">${verificationNote(verification)}</p>
${student ? '' : VERIFY_BUTTON}
<form method="post" action="/orders">
  <p>Total: <strong data-testid="checkout-total">${priceOf(student ? STUDENT_PRICE_FILS : PRODUCT.priceFils)}</strong></p>
  <button class="primary" type="submit">Place order</button>
</form>`,
    { tullabUrl: student ? null : tullabUrl },
  );
}

/** The confirmation of an order, with its reference, and whether Tullab has it. */
export function confirmationPage(order) {
  const tullab = !order.studentPrice
    ? ''
    : order.tullabOrderId
      ? `<p class="note">Reported to Tullab as order <code>${escape(order.tullabOrderId)}</code>.</p>`
      : '<p class="note">Not reported to Tullab: the shop logged why.</p>';
  return layout(
    'Thank you',
    `<h1>Thank you for your order</h1>
<p>Order reference <strong data-testid="order-reference">${escape(order.reference)}</strong></p>
<p>1 × ${escape(PRODUCT.name)}: <strong data-testid="order-total">${priceOf(order.amountFils)}</strong>${
      order.studentPrice ? ' (student price)' : ''
    }</p>
${tullab}
<p><a href="/">Back to the shop</a></p>`,
  );
}

/** A page for what went wrong on the shop's side. */
export function problemPage(status, message) {
  return layout(status === 404 ? 'Not found' : 'Something went wrong', `<h1>${escape(message)}</h1>`);
}
