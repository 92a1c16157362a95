// The chaos shop's newer pages, each with a bug planted the way it happens in real shops — and
// beside each, the well-made version of the same thing (which a chaos run must leave alone):
// /gifts    a quantity field with no validation (a mistyped number shows "Total: NaN"), an "Add to
//           wishlist" button whose handler was bound to a class the button does not have (dead click),
//           and an "Add gift card to cart" button that works — but /cart then throws on the gift card
//           (it has no shipping weight) in an async render: an unhandled rejection after two steps.
// /orders   restores the visitor's filter from sessionStorage when shown again from history, assuming
//           it was saved: coming back to it throws.
// /help     topic pages, one of which (/help/returns) the server answers with 500.
// /reviews  "Loading reviews…" forever: the script waits for `items`, the API answers `reviews`;
//           /questions loads the same way and hides its spinner.
// /contact  client-side validation re-renders the form and wipes what was typed; /newsletter shows
//           its message and keeps the field.

export const NAV = `<nav><a href="/">Home</a> <a href="/search">Search</a> <a href="/product">Lamp</a> <a href="/gifts">Gifts</a> <a href="/cart">Cart</a> <a href="/checkout">Checkout</a></nav>`;

export const page = (title: string, body: string, head = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head>
<body>${NAV}<h1>${title}</h1>${body}</body></html>`;

const SPIN = `<style>.spinner{display:inline-block;width:16px;height:16px;border:3px solid #ccc;border-top-color:#333;border-radius:50%;animation:spin 1s linear infinite}@keyframes spin{to{transform:rotate(360deg)}}</style>`;

export const PAGES: Record<string, () => string> = {
  '/gifts': () => page('Gift cards', `<p>Gift card, 25.00 USD each.</p>
<label>How many cards? <input id="qty" name="qty" inputmode="numeric" value="1"></label> <p id="gift-total">Total: 25.00</p>
<button id="add-gift" type="button">Add gift card to cart</button> <button class="wish-btn" type="button">Add to wishlist</button>
<button id="details" type="button" aria-expanded="false">Show details</button><p id="more" hidden>Valid for two years. Delivered by e-mail.</p><p id="status" role="status"></p>
<script>
document.getElementById('qty').addEventListener('input', function (e) { document.getElementById('gift-total').textContent = 'Total: ' + (25 * Number(e.target.value)).toFixed(2); });
document.getElementById('add-gift').addEventListener('click', function () {
  var cart = JSON.parse(localStorage.getItem('cart') || '[]'); cart.push({ sku: 'gift-card', name: 'Gift card', price: 25 });
  localStorage.setItem('cart', JSON.stringify(cart)); document.getElementById('status').textContent = 'Added to cart'; });
document.querySelectorAll('.wishlist-button').forEach(function (b) { b.addEventListener('click', function () { document.getElementById('status').textContent = 'Saved to your wishlist'; }); });
document.getElementById('details').addEventListener('click', function (e) { var more = document.getElementById('more'); more.hidden = !more.hidden; e.target.setAttribute('aria-expanded', String(!more.hidden)); });
</script>`),
  '/cart': () => page('Your cart', `<ul id="items"></ul><p id="cart-total"></p><script>
var WEIGHTS = { lamp: { kg: 1.2 } };
async function render() {
  var cart = JSON.parse(localStorage.getItem('cart') || '[]'); var kg = 0;
  if (!cart.length) { document.getElementById('items').innerHTML = '<li>Your cart is empty.</li>'; return; }
  cart.forEach(function (item) { kg += WEIGHTS[item.sku].kg; document.getElementById('items').insertAdjacentHTML('beforeend', '<li>' + item.name + '</li>'); });
  document.getElementById('cart-total').textContent = 'Shipping weight: ' + kg + ' kg';
}
render();
</script>`),
  '/orders': () => page('Your orders', `<ul><li><a href="/orders/1042">Order #1042</a> (shipped)</li><li><a href="/orders/1043">Order #1043</a> (processing)</li></ul>
<label>Show <select id="filter"><option>all</option><option>shipped</option></select></label><script>
document.getElementById('filter').addEventListener('change', function (e) { sessionStorage.setItem('orders-filter', JSON.stringify({ status: e.target.value })); });
window.addEventListener('pageshow', function (e) {
  var nav = performance.getEntriesByType('navigation')[0];
  if (e.persisted || (nav && nav.type === 'back_forward')) { var saved = JSON.parse(sessionStorage.getItem('orders-filter')); document.getElementById('filter').value = saved.status; }
});
</script>`),
  '/orders/1042': () => page('Order #1042', '<p>Shipped on 3 November.</p><p><a href="/orders">All orders</a></p>'),
  '/orders/1043': () => page('Order #1043', '<p>Being packed.</p><p><a href="/orders">All orders</a></p>'),
  '/help': () => page('Help', '<ul><li><a href="/help/shipping">Shipping times</a></li><li><a href="/help/returns">Returns and refunds</a></li><li><a href="/help/sizes">Lamp sizes</a></li></ul>'),
  '/help/shipping': () => page('Shipping times', '<p>Two to four working days.</p><p><a href="/help">All help topics</a></p>'),
  '/help/sizes': () => page('Lamp sizes', '<p>Our desk lamp is 42 cm tall.</p><p><a href="/help">All help topics</a></p>'),
  '/reviews': () => page('Reviews', `<div id="reviews"><span class="spinner" aria-hidden="true"></span> Loading reviews…</div><script>
fetch('/api/reviews').then(function (r) { return r.json(); }).then(function (d) {
  if (d.items) document.getElementById('reviews').textContent = d.items.length + ' reviews'; });
</script>`, SPIN),
  '/questions': () => page('Questions', `<div id="questions"><span class="spinner" aria-hidden="true"></span> Loading questions…</div><script>
fetch('/api/questions').then(function (r) { return r.json(); }).then(function (d) {
  document.getElementById('questions').textContent = d.questions.length + ' questions answered'; });
</script>`, SPIN),
  '/contact': () => page('Contact us', `<div id="box"></div><script>
var FORM = '<form id="contact" novalidate><label>Your name <input id="name" name="name"></label> <label>Email <input id="email" name="email"></label> <button>Send</button></form>';
function show(error) { document.getElementById('box').innerHTML = FORM + (error ? '<p class="error">' + error + '</p>' : '');
  document.getElementById('contact').addEventListener('submit', function (e) { e.preventDefault();
    if (!/@/.test(document.getElementById('email').value)) return show('Please enter a valid email address.');
    fetch('/contact', { method: 'POST', body: new FormData(e.target) }); }); }
show(null);
</script>`),
  '/newsletter': () => page('Newsletter', `<form id="nl" novalidate><label>Your name <input id="nl-name" name="name"></label> <label>Email <input id="nl-email" name="email"></label> <button>Subscribe</button></form><p id="nl-error" role="alert"></p><script>
document.getElementById('nl').addEventListener('submit', function (e) { e.preventDefault();
  if (!/@/.test(document.getElementById('nl-email').value)) { document.getElementById('nl-error').textContent = 'Please enter a valid email address.'; return; }
  fetch('/newsletter', { method: 'POST', body: new FormData(e.target) }); });
</script>`),
};

/** JSON the pages' scripts fetch: /api/questions after a realistic delay. */
export const API: Record<string, { delayMs: number; body: unknown }> = {
  '/api/reviews': { delayMs: 100, body: { reviews: [{ stars: 5, text: 'Bright and steady.' }] } },
  '/api/questions': { delayMs: 2500, body: { questions: [{ q: 'Is the bulb included?', a: 'Yes.' }] } },
};
