import { describe, expect, it } from 'vitest';
import { IMPACT_SEVERITY, isWcagAOrAA, wcagCriteria, wcagLevels, worseImpact } from './wcag.js';

describe('wcag tags', () => {
  it('reads success criteria, including two-digit ones, and skips level tags', () => {
    expect(wcagCriteria(['cat.color', 'wcag2aa', 'wcag143', 'EN-9.1.4.3', 'ACT'])).toEqual(['1.4.3']);
    expect(wcagCriteria(['wcag21aa', 'wcag1412'])).toEqual(['1.4.12']);
    expect(wcagCriteria(['wcag2a', 'wcag244', 'wcag412'])).toEqual(['2.4.4', '4.1.2']);
  });

  it('names conformance levels and recognises A/AA rules only', () => {
    expect(wcagLevels(['wcag2a', 'wcag22aa'])).toEqual(['WCAG 2.0 A', 'WCAG 2.2 AA']);
    expect(isWcagAOrAA(['cat.keyboard', 'best-practice'])).toBe(false);
    expect(isWcagAOrAA(['wcag2aaa', 'wcag146'])).toBe(false);
    expect(isWcagAOrAA(['wcag22aa', 'wcag258'])).toBe(true);
  });

  it('maps axe impacts to severities: blockers critical, barriers warning, nuisances info', () => {
    expect(IMPACT_SEVERITY).toEqual({ critical: 'critical', serious: 'warning', moderate: 'warning', minor: 'info' });
  });

  it('keeps the worse impact', () => {
    expect(worseImpact('serious', 'critical')).toBe('critical');
    expect(worseImpact('moderate', 'minor')).toBe('moderate');
    expect(worseImpact(null, 'minor')).toBe('minor');
    expect(worseImpact(null, null)).toBeNull();
  });
});
