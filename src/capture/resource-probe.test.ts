// Which links off the site the external-link check may fetch: not sponsored or user-generated ones.
import { describe, expect, it } from 'vitest';
import { makeDom, makePage } from '../checks/test-support.js';
import { externalTargets } from './resource-probe.js';

const link = (href: string, rel: string | null = null) => ({ href, text: 'x', rel, region: 'body' as const, nofollow: false });

describe('externalTargets', () => {
  it('takes links to other sites once each, and leaves paid and user-generated links alone', () => {
    const page = makePage({
      url: 'https://shop.example/', final_url: 'https://shop.example/',
      dom: makeDom({ links: [link('https://docs.example.org/a'), link('https://docs.example.org/a#top'), link('https://shop.example/b'), link('https://aff.example.net/?id=1', 'sponsored nofollow'), link('https://forum.example.com/u/1', 'ugc')] }),
    });
    const targets = externalTargets([page], (u) => new URL(u).hostname === 'shop.example');
    expect(targets.map((t) => t.url)).toEqual(['https://docs.example.org/a']);
  });
});
