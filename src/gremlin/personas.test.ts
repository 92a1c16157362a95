import { describe, expect, it } from 'vitest';
import type { StepTargetIdentity } from '../evidence/types.js';
import { chooseAction, mistype, PERSONAS, rng } from './personas.js';

const el = (role: string, name: string, tag = role === 'textbox' ? 'input' : 'a'): StepTargetIdentity => ({ role, name, label: null, text: name, test_id: null, css: `#${name}`, tag, form: null });
const offer = [el('link', 'Home'), el('link', 'Shop'), el('button', 'Buy'), el('textbox', 'Search')];

describe('personas', () => {
  it('are reproducible from the seed', () => {
    for (const p of PERSONAS) {
      const a = rng(42);
      const b = rng(42);
      const one = Array.from({ length: 20 }, (_, i) => chooseAction(p, a, offer, i));
      const two = Array.from({ length: 20 }, (_, i) => chooseAction(p, b, offer, i));
      expect(one).toEqual(two);
    }
  });

  it('act in character', () => {
    const run = (p: (typeof PERSONAS)[number]) => Array.from({ length: 60 }, (_, i) => chooseAction(p, rng(7), offer, i)).concat(Array.from({ length: 60 }, (_, i) => chooseAction(p, rng(i + 1), offer, i)));
    expect(run('hostile').some((a) => a.kind === 'fill' && /script|DROP|'/.test(a.value))).toBe(true);
    expect(run('impatient').some((a) => a.kind === 'click' && a.repeat > 1)).toBe(true);
    expect(run('fat_finger').some((a) => a.kind === 'click_near')).toBe(true);
    expect(run('back_button_masher').filter((a) => a.kind === 'back').length).toBeGreaterThan(20);
    expect(run('confused_newbie').some((a) => a.kind === 'click')).toBe(true);
  });

  it('mistypes like a person', () => {
    const t = mistype(rng(3), 'hello');
    expect(t).not.toBe('hello');
    expect(t.length === 5 || t.length === 6).toBe(true);
  });
});
