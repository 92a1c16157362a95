import { describe, expect, it } from 'vitest';
import { validateSpec } from './validate-spec.js';

const base = { version: 'flow-spec/v1', start_url: 'https://shop.example/', variables: [] as string[], steps: [{ id: 's1', action: 'goto', url: '/' }] };

describe('validateSpec', () => {
  it.each([
    ['a minimal spec', base],
    ['variables derived when absent', { ...base, variables: undefined, steps: [{ id: 's1', action: 'fill', target: 'Email', value: '{{EMAIL}}' }] }],
    ['a pinned target', { ...base, steps: [{ id: 's1', action: 'click', target: 'Go', pinned: { role: 'button', name: 'Go', label: null, text: 'Go', test_id: null, css: '#go', tag: 'button', form: null, pinned_at: '2026-01-01T00:00:00.000Z' } }] }],
  ])('accepts %s', (_n, spec) => {
    const input = JSON.parse(JSON.stringify(spec));
    expect(validateSpec(input)).toMatchObject({ ok: true });
  });

  it('derives the variables the steps use', () => {
    const r = validateSpec({ ...base, variables: undefined, steps: [{ id: 's1', action: 'fill', target: 'Email', value: '{{EMAIL}}' }, { id: 's2', action: 'goto', url: '/u/{{USER_ID}}' }] });
    expect(r.ok && r.spec.variables).toEqual(['EMAIL', 'USER_ID']);
  });

  it.each([
    ['a fill without a value', { ...base, steps: [{ id: 's1', action: 'fill', target: 'Email' }] }, '/steps/0/value', 'is required'],
    ['an unknown action', { ...base, steps: [{ id: 's1', action: 'hover', target: 'x' }] }, '/steps/0/action', ''],
    ['an unknown field', { ...base, steps: [{ id: 's1', action: 'goto', url: '/', selector: '#x' }] }, '/steps/0', 'unknown field "selector"'],
    ['a status out of range', { ...base, steps: [{ id: 's1', action: 'expect_status', status: 999 }] }, '/steps/0/status', ''],
    ['no steps', { ...base, steps: [] }, '/steps', ''],
    ['a wrong version', { ...base, version: 'flow-spec/v2' }, '/version', ''],
    ['a start URL that is not a URL', { ...base, start_url: 'not a url' }, '/start_url', ''],
    ['a variable not declared', { ...base, steps: [{ id: 's1', action: 'fill', target: 'E', value: '{{EMAIL}}' }] }, '/steps/0/value', 'not in variables'],
    ['a variable in a target', { ...base, steps: [{ id: 's1', action: 'click', target: '{{X}}' }] }, '/steps/0/target', 'cannot hold'],
    ['repeated step ids', { ...base, steps: [{ id: 's1', action: 'goto', url: '/' }, { id: 's1', action: 'goto', url: '/a' }] }, '/steps/1/id', 'unique'],
  ])('refuses %s with its JSON path', (_n, spec, path, message) => {
    const r = validateSpec(JSON.parse(JSON.stringify(spec)));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics).toEqual(expect.arrayContaining([expect.objectContaining({ path, message: expect.stringContaining(message) })]));
  });
});
