// The personas of a chaos run: each a documented policy over the actions a page offers (visible
// links, buttons, fields, the keyboard, history), drawing from a PRNG seeded by the run, so a run
// is reproducible from its seed. Pure: the page's offer and the RNG in, one action out.
import type { StepTargetIdentity } from '../evidence/types.js';

export const PERSONAS = ['confused_newbie', 'impatient', 'hostile', 'fat_finger', 'back_button_masher'] as const;
export type Persona = (typeof PERSONAS)[number];

export function isPersona(v: unknown): v is Persona {
  return typeof v === 'string' && (PERSONAS as readonly string[]).includes(v);
}

export type GremlinAction =
  | { kind: 'click'; target: StepTargetIdentity; repeat: number }
  | { kind: 'click_near'; target: StepTargetIdentity; dx: number; dy: number }
  | { kind: 'fill'; target: StepTargetIdentity; value: string; submit: boolean }
  | { kind: 'press'; key: string }
  | { kind: 'back' }
  | { kind: 'forward' };

/** Inputs that break software: quotes, long strings, unicode, emoji, extreme numbers, markup, SQL. */
export const HOSTILE_INPUTS = [
  `'"><script>alert(1)</script>`, `' OR '1'='1' --`, `" OR ""="`, `\\"}]`, `a"b\\c`, 'Robert\'); DROP TABLE users;--', '-1', '99999999999999999999', '0', '1e309', 'NaN',
  'ÅÍÎÏ˝ÓÔÒÚÆ☃ 𝕿𝖍𝖊 ﷺ', '👩‍👩‍👧‍👦🏳️‍🌈', 'x'.repeat(5000), '   ', '%00%0d%0a', '{{7*7}}', '../../../../etc/passwd', '<img src=x onerror=alert(1)>',
];
const PLAIN_INPUTS = ['hello', 'test@example.com', '12', 'John Smith', 'where is my order'];

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const isField = (t: StepTargetIdentity) => t.role === 'textbox' || t.tag === 'textarea' || (t.tag === 'input' && t.role !== 'button' && t.role !== 'checkbox' && t.role !== 'radio');
const isClickable = (t: StepTargetIdentity) => t.role === 'link' || t.role === 'button' || t.role === 'checkbox' || t.role === 'tab' || t.role === 'menuitem';

/** A typo a person makes: two neighbouring characters swapped, or one doubled. */
export function mistype(r: () => number, s: string): string {
  if (s.length < 2) return s + s;
  const i = Math.floor(r() * (s.length - 1));
  const swapped = s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
  // Swapping two equal letters changes nothing: then the finger slips and doubles one.
  return r() < 0.5 && swapped !== s ? swapped : s.slice(0, i) + s[i] + s.slice(i);
}

export function chooseAction(persona: Persona, r: () => number, offer: StepTargetIdentity[], step: number): GremlinAction {
  const clickables = offer.filter(isClickable);
  const fields = offer.filter(isField);
  const click = (): GremlinAction => (clickables.length ? { kind: 'click', target: pick(r, clickables), repeat: 1 } : { kind: 'press', key: 'Tab' });
  switch (persona) {
    case 'confused_newbie': {
      const x = r();
      if (x < 0.25 && fields.length) return { kind: 'fill', target: pick(r, fields), value: pick(r, PLAIN_INPUTS), submit: r() < 0.5 };
      if (x < 0.35 && step > 0) return { kind: 'back' };
      if (x < 0.4) return { kind: 'press', key: pick(r, ['Enter', 'Escape', 'Tab']) };
      return click();
    }
    case 'impatient':
      return clickables.length ? { kind: 'click', target: pick(r, clickables), repeat: r() < 0.6 ? 3 : 1 } : { kind: 'press', key: 'Enter' };
    case 'hostile':
      if (fields.length && r() < 0.75) return { kind: 'fill', target: pick(r, fields), value: pick(r, HOSTILE_INPUTS), submit: r() < 0.6 };
      return click();
    case 'fat_finger': {
      if (fields.length && r() < 0.35) return { kind: 'fill', target: pick(r, fields), value: mistype(r, pick(r, PLAIN_INPUTS)), submit: r() < 0.4 };
      if (!clickables.length) return { kind: 'press', key: 'Tab' };
      const side = () => (r() < 0.5 ? -1 : 1) * (8 + Math.floor(r() * 24));
      return { kind: 'click_near', target: pick(r, clickables), dx: side(), dy: side() };
    }
    case 'back_button_masher': {
      const phase = step % 4;
      if (phase === 0 || step === 0) return click();
      return phase === 3 ? { kind: 'forward' } : { kind: 'back' };
    }
  }
}
