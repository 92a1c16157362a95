// Same evidence, same report: each stored bundle (captured from a fixture site by
// scripts/regenerate-evidence.ts) re-grades to a body byte-identical to the stored report.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_SITES, reportText } from '../../scripts/regenerate-evidence.js';

const DIR = new URL('../fixtures/evidence/', import.meta.url);

describe('re-grading stored evidence', () => {
  it.each(EVIDENCE_SITES)('%s: the report is byte-identical to the stored one', (name) => {
    const evidence = new URL(`${name}.evidence.json`, DIR);
    expect(existsSync(evidence), `${name}.evidence.json (run scripts/regenerate-evidence.ts)`).toBe(true);
    const bundle = JSON.parse(readFileSync(evidence, 'utf8'));
    const stored = readFileSync(new URL(`${name}.report.json`, DIR), 'utf8');
    expect(reportText(bundle)).toBe(stored);
    expect(reportText(JSON.parse(readFileSync(evidence, 'utf8')))).toBe(stored);
  });
});
