import { describe, expect, it } from 'vitest';
import { stepSentence } from './flows.js';

describe('the Flows section: what each step did, in words', () => {
  it.each([
    [{ action: 'click', target: 'Sign in', value: null }, 'Click “Sign in”'],
    [{ action: 'expect_no_text', target: null, value: 'NaN' }, 'Expect no text “NaN”'],
    [{ action: 'expect_no_errors', target: null, value: null }, 'Expect no errors on the page'],
    [{ action: 'expect_no_errors', target: null, value: 'console errors too' }, 'Expect no errors on the page (console errors count too)'],
  ])('%j', (s, want) => {
    expect(stepSentence(s)).toBe(want);
  });
});
