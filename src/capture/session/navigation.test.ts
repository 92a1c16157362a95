import { describe, expect, it } from 'vitest';
import { CUT_BY_DEADLINE } from '../../evidence/navigation-outcome.js';
import { describeNavError } from './navigation.js';
import { TimeoutError } from '../time.js';

describe('describeNavError', () => {
  it("names a timeout the run's deadline caused as the deadline's, and the page's own as a timeout", () => {
    expect(describeNavError(new TimeoutError('navigation: timed out after 4200 ms'), true)).toBe(CUT_BY_DEADLINE);
    expect(describeNavError(new TimeoutError('navigation: no time left'), true)).toBe(CUT_BY_DEADLINE);
    expect(describeNavError(new TimeoutError('navigation: timed out after 20000 ms'))).toBe('navigation timed out');
    expect(describeNavError(new Error('page.goto: net::ERR_NAME_NOT_RESOLVED at https://x.test/'), true)).toBe('net::ERR_NAME_NOT_RESOLVED');
  });
});
