import { describe, expect, it } from 'vitest';
import { compileLine, compileTestCase } from './compiler.js';
import { validateSpec } from './validate-spec.js';

const START = 'https://shop.example/';
const step = (line: string) => {
  const r = compileLine(line);
  if (!r.ok) throw new Error(`${line}: ${r.diagnostic.message}`);
  const { source: _s, ...rest } = r.step;
  return rest;
};

describe('the flow compiler: every form and its variants', () => {
  it.each([
    ['go to /login', { action: 'goto', url: '/login' }],
    ['Go To "https://shop.example/cart"', { action: 'goto', url: 'https://shop.example/cart' }],
    ['open /pricing', { action: 'goto', url: '/pricing' }],
    ['visit https://shop.example/', { action: 'goto', url: 'https://shop.example/' }],
    ['navigate to /help', { action: 'goto', url: '/help' }],
    ['click "Sign in"', { action: 'click', target: 'Sign in' }],
    ['click on the "Sign in" button', { action: 'click', target: 'Sign in' }],
    ['tap "Menu"', { action: 'click', target: 'Menu' }],
    ['CLICK the “Pricing” link', { action: 'click', target: 'Pricing' }],
    ['fill "Email" with "{{EMAIL}}"', { action: 'fill', target: 'Email', value: '{{EMAIL}}' }],
    ['fill in "Name" with "Ada \\"the\\" Lovelace"', { action: 'fill', target: 'Name', value: 'Ada "the" Lovelace' }],
    ['type "lamp" into "Search"', { action: 'fill', target: 'Search', value: 'lamp' }],
    ['enter "42" in "Quantity"', { action: 'fill', target: 'Quantity', value: '42' }],
    ['select "Returns" from "Topic"', { action: 'select', target: 'Topic', value: 'Returns' }],
    ['choose "Blue" in "Colour"', { action: 'select', target: 'Colour', value: 'Blue' }],
    ['check "I agree"', { action: 'check', target: 'I agree' }],
    ['tick "Remember me"', { action: 'check', target: 'Remember me' }],
    ['uncheck "Newsletter"', { action: 'uncheck', target: 'Newsletter' }],
    ['untick "Newsletter"', { action: 'uncheck', target: 'Newsletter' }],
    ['press "Enter"', { action: 'press', key: 'Enter' }],
    ['press Escape', { action: 'press', key: 'Escape' }],
    ['hit "Tab"', { action: 'press', key: 'Tab' }],
    ['wait for "Added to cart"', { action: 'wait_for', text: 'Added to cart' }],
    ['wait until "Saved"', { action: 'wait_for', text: 'Saved' }],
    ['wait for "Done" to appear', { action: 'wait_for', text: 'Done' }],
    ['expect text "Welcome back"', { action: 'expect_text', text: 'Welcome back' }],
    ['expect to see "Order confirmed"', { action: 'expect_text', text: 'Order confirmed' }],
    ['should see "Thanks"', { action: 'expect_text', text: 'Thanks' }],
    ['I should see "Thanks"', { action: 'expect_text', text: 'Thanks' }],
    ['see "Desk lamp"', { action: 'expect_text', text: 'Desk lamp' }],
    ['expect no text "Error"', { action: 'expect_no_text', text: 'Error' }],
    ['should not see "Invalid"', { action: 'expect_no_text', text: 'Invalid' }],
    ['expect not to see "Out of stock"', { action: 'expect_no_text', text: 'Out of stock' }],
    ['expect url contains "/account"', { action: 'expect_url', text: '/account' }],
    ['expect URL to contain "/thanks"', { action: 'expect_url', text: '/thanks' }],
    ['url should contain "/done"', { action: 'expect_url', text: '/done' }],
    ['expect status 200', { action: 'expect_status', status: 200 }],
    ['expect page status 404', { action: 'expect_status', status: 404 }],
    ['status should be 410', { action: 'expect_status', status: 410 }],
    ['expect "Cart" visible', { action: 'expect_visible', target: 'Cart' }],
    ['expect "Cart" to be visible', { action: 'expect_visible', target: 'Cart' }],
    ['"Checkout" should be visible', { action: 'expect_visible', target: 'Checkout' }],
    ['then click "Next"', { action: 'click', target: 'Next' }],
    ['expect no errors', { action: 'expect_no_errors' }],
    ['Expect no errors on the page.', { action: 'expect_no_errors' }],
    ['expect no error', { action: 'expect_no_errors' }],
    ['expect no JavaScript errors', { action: 'expect_no_errors' }],
    ['there should be no errors on the page', { action: 'expect_no_errors' }],
    ['There should be no errors.', { action: 'expect_no_errors' }],
    ['I should see no errors', { action: 'expect_no_errors' }],
    ['the page should have no errors', { action: 'expect_no_errors' }],
    ['then no errors on the page', { action: 'expect_no_errors' }],
    ['expect no errors or console errors', { action: 'expect_no_errors', console_errors: true }],
    ['expect no errors on the page, including console errors', { action: 'expect_no_errors', console_errors: true }],
    ['expect no console errors', { action: 'expect_no_errors', console_errors: true }],
    ['there should be no errors and no console errors', { action: 'expect_no_errors', console_errors: true }],
    ['there should be no console errors', { action: 'expect_no_errors', console_errors: true }],
  ])('%s', (line, want) => {
    if (want === null) expect(compileLine(line).ok).toBe(false);
    else expect(step(line)).toEqual(want);
  });
});

describe('compileTestCase', () => {
  it('numbers steps, skips comments, blanks and list markers, collects variables, records each step\'s line, and yields a valid spec', () => {
    const r = compileTestCase('# sign in\n\n1. go to /login\n2) fill "Email" with "{{EMAIL}}"\n- fill "Password" with "{{PASSWORD}}"\n* click "Sign in"\nStep 5: expect url contains "/account"', { startUrl: START });
    expect(r.diagnostics).toEqual([]);
    expect(r.spec.steps.map((s) => [s.id, s.action, s.source?.line])).toEqual([['s1', 'goto', 3], ['s2', 'fill', 4], ['s3', 'fill', 5], ['s4', 'click', 6], ['s5', 'expect_url', 7]]);
    expect(r.spec.variables).toEqual(['EMAIL', 'PASSWORD']);
    expect(validateSpec(r.spec).ok).toBe(true);
  });

  it('is deterministic', () => {
    const text = 'go to /\nclick "A"\nclik "B"';
    expect(JSON.stringify(compileTestCase(text, { startUrl: START }))).toBe(JSON.stringify(compileTestCase(text, { startUrl: START })));
  });

  it.each([
    ['a misspelt step word', 'go to /\nclik "Sign in"', { line: 2, column: 1, suggestion: 'click "Sign in"' }, true],
    ['an unknown line', 'go to /\nhead over to the lamp page', { line: 2, column: 1, suggestion: null }, true],
    ['an unclosed quote', 'click "Sign in', { line: 1, column: 7, message: 'this quote is never closed' }, false],
    ['fill without "with"', 'fill "Email"', { line: 1, suggestion: 'fill "Email" with "{{EMAIL}}"' }, false],
    ['a status that is not a number', 'expect status ok', { line: 1, message: 'the status must be a number, such as 200', suggestion: 'expect status 200' }, false],
    ['a click without quotes', 'click Sign in', { line: 1, column: 7, suggestion: 'click "Sign in"' }, false],
    ['"no errors" in a form it does not have', 'go to /\nthere should be no errors at all', { line: 2, column: 7, message: 'this reads as "expect no errors", but the rest of the line does not fit its form', suggestion: 'expect no errors' }, false],
    ['"no console errors" in a form it does not have', 'expect no errors whatsoever in the console errors', { line: 1, suggestion: 'expect no errors or console errors' }, false],
    ['an empty test case', '# nothing yet\n', { line: 1, message: 'the test case has no steps' }, false],
  ])('reports %s with line, column and a suggestion', (_name, text, want, unknown) => {
    const r = compileTestCase(text, { startUrl: START });
    expect(r.diagnostics).toEqual(expect.arrayContaining([expect.objectContaining({ severity: 'error', ...want })]));
    expect(r.unknown_lines.length > 0).toBe(unknown);
  });

  it('"expect no errors" makes a valid spec; console_errors only goes with it', () => {
    const r = compileTestCase('go to /search\ntype "lamp" into "Search"\npress "Enter"\nexpect no errors or console errors', { startUrl: START });
    expect(r.diagnostics).toEqual([]);
    expect(r.spec.steps.at(-1)).toMatchObject({ id: 's4', action: 'expect_no_errors', console_errors: true });
    expect(validateSpec(r.spec).ok).toBe(true);
    const wrong = validateSpec({ ...r.spec, steps: [{ id: 's1', action: 'click', target: 'Go', console_errors: true }] });
    expect(wrong.ok).toBe(false);
  });

  it('keeps everyday first words (there, no, the) off the step-word list: other lines starting with them still go to the model', () => {
    expect(compileTestCase('there is a banner at the top', { startUrl: START }).unknown_lines).toEqual([{ line: 1, text: 'there is a banner at the top' }]);
  });

  it('accepts single quotes with a warning', () => {
    const r = compileTestCase("click 'Sign in'", { startUrl: START });
    expect(r.spec.steps[0]).toMatchObject({ action: 'click', target: 'Sign in' });
    expect(r.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', line: 1, column: 7 })]);
  });

  it('refuses more than 100 steps', () => {
    const r = compileTestCase(Array(101).fill('click "Next"').join('\n'), { startUrl: START });
    expect(r.spec.steps).toHaveLength(100);
    expect(r.diagnostics).toEqual([expect.objectContaining({ severity: 'error', line: 101 })]);
  });
});
