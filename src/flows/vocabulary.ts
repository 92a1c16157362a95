// The constrained vocabulary: each step form as a pattern over words and quoted strings, with the
// natural variants people write. A pattern element is a word (`to`), optional words (`on?`),
// alternatives (`from|in`), or a capture: `"name"` a quoted string, `<url>` quoted or bare,
// `<key>` quoted or one bare word, `<code>` a number.
import type { StepAction } from './spec.js';

export interface Form {
  action: StepAction;
  pattern: string;
  /** Which capture fills which step field. */
  fields: Record<string, 'target' | 'value' | 'url' | 'key' | 'text' | 'status'>;
  /** The form as the docs and suggestions show it. */
  example: string;
  /** Fixed fields the form sets (`console_errors` for the console variants of "expect no errors"). */
  sets?: { console_errors: true };
  /** Its first word is an everyday word (there, no), not a step word: lines starting with it may still go to the model. */
  loose?: boolean;
}

const f = (action: StepAction, pattern: string, fields: Form['fields'], example: string, more: Pick<Form, 'sets' | 'loose'> = {}): Form => ({ action, pattern, fields, example, ...more });
const CONSOLE = { sets: { console_errors: true as const } };

export const FORMS: Form[] = [
  f('goto', 'go to <url>', { url: 'url' }, 'go to /login'),
  f('goto', 'open|visit <url>', { url: 'url' }, 'open /pricing'),
  f('goto', 'navigate to <url>', { url: 'url' }, 'navigate to https://shop.example/cart'),
  f('click', 'click|tap on? the? "name" button|link?', { name: 'target' }, 'click "Sign in"'),
  f('fill', 'fill in? "label" with "value"', { label: 'target', value: 'value' }, 'fill "Email" with "{{EMAIL}}"'),
  f('fill', 'type|enter "value" into|in "label"', { label: 'target', value: 'value' }, 'type "lamp" into "Search"'),
  f('select', 'select|choose "value" from|in "label"', { label: 'target', value: 'value' }, 'select "Returns" from "Topic"'),
  f('check', 'check|tick "label"', { label: 'target' }, 'check "I agree to the terms"'),
  f('uncheck', 'uncheck|untick "label"', { label: 'target' }, 'uncheck "Send me the newsletter"'),
  f('press', 'press|hit <key> key?', { key: 'key' }, 'press "Enter"'),
  f('wait_for', 'wait for|until "text" to? appear?', { text: 'text' }, 'wait for "Added to cart"'),
  f('expect_no_text', 'expect no text "text"', { text: 'text' }, 'expect no text "Error"'),
  f('expect_no_text', 'i? should not see "text"', { text: 'text' }, 'should not see "Invalid password"'),
  f('expect_no_text', 'expect not to see "text"', { text: 'text' }, 'expect not to see "Out of stock"'),
  f('expect_url', 'expect url contains "text"', { text: 'text' }, 'expect url contains "/account"'),
  f('expect_url', 'expect url to contain "text"', { text: 'text' }, 'expect url to contain "/account"'),
  f('expect_url', 'url should contain "text"', { text: 'text' }, 'url should contain "/thank-you"'),
  f('expect_status', 'expect page? status <code>', { code: 'status' }, 'expect status 200'),
  f('expect_status', 'page? status should be <code>', { code: 'status' }, 'status should be 404'),
  f('expect_visible', 'expect "name" to? be? visible', { name: 'target' }, 'expect "Cart" visible'),
  f('expect_visible', '"name" should be visible', { name: 'target' }, '"Checkout" should be visible'),
  // "No errors": exceptions, rejections and the site's 5xx; the console variants count console errors too.
  f('expect_no_errors', 'expect no errors|error on? the? page?', {}, 'expect no errors'),
  f('expect_no_errors', 'expect no page|js|javascript errors|error', {}, 'expect no page errors'),
  f('expect_no_errors', 'expect no errors|error on? the? page? including|and|or|nor no? console errors|error', {}, 'expect no errors or console errors', CONSOLE),
  f('expect_no_errors', 'expect no console errors|error', {}, 'expect no console errors', CONSOLE),
  f('expect_no_errors', 'there should be no errors|error on? the? page?', {}, 'there should be no errors on the page', { loose: true }),
  f('expect_no_errors', 'there should be no errors|error on? the? page? including|and|or|nor no? console errors|error', {}, 'there should be no errors, including console errors', { ...CONSOLE, loose: true }),
  f('expect_no_errors', 'there should be no console errors|error', {}, 'there should be no console errors', { ...CONSOLE, loose: true }),
  f('expect_no_errors', 'i? should see no errors|error on? the? page?', {}, 'should see no errors'),
  f('expect_no_errors', 'the? page should have no errors|error', {}, 'the page should have no errors', { loose: true }),
  f('expect_no_errors', 'no errors|error on? the? page?', {}, 'no errors on the page', { loose: true }),
  f('expect_text', 'expect text "text"', { text: 'text' }, 'expect text "Welcome back"'),
  f('expect_text', 'expect to see "text"', { text: 'text' }, 'expect to see "Order confirmed"'),
  f('expect_text', 'i? should see "text"', { text: 'text' }, 'should see "Thank you"'),
  f('expect_text', 'see "text"', { text: 'text' }, 'see "Desk lamp"'),
];

/** Every keyword that starts a form: a line starting with one of these is a malformed step, not an unknown one. */
export const LEADING_WORDS = new Set(FORMS.filter((form) => !form.loose).flatMap((form) => form.pattern.split(' ')[0]!.replace(/\?$/, '').split('|')).filter((w) => !w.startsWith('"') && !w.startsWith('<')));
