import { describe, expect, it } from 'vitest';
import { copyHostKind, isPlaceholderHost } from './copy-host.js';

describe('copyHostKind', () => {
  it.each([
    ['127.0.0.1', 'local'], ['[::1]', 'local'], ['localhost', 'local'], ['docs', 'local'], ['shop.localhost', 'local'], ['site.test', 'local'], ['printer.local', 'local'],
    ['deploy-preview-12--acme.netlify.app', 'platform'], ['acme-git-main-team.vercel.app', 'platform'], ['3f2a1c.acme.pages.dev', 'platform'], ['acme.github.io', 'platform'], ['acme.readthedocs.io', 'platform'],
    ['staging.acme.com', 'staging'], ['preview-42.acme.com', 'staging'], ['dev2.acme.co.uk', 'staging'], ['uat.shop.acme.com', 'staging'],
    ['www.acme.com', null], ['acme.com', null], ['docs.acme.com', null], ['developer.acme.com', null], ['testimonials.acme.com', null], ['dev.to', null], ['netlify.com.evil.example', null],
  ] as const)('%s → %s', (host, kind) => {
    expect(copyHostKind(host)).toBe(kind);
  });

  it('knows placeholder hosts from reserved names and generator starters, and nothing else', () => {
    for (const h of ['example.com', 'www.example.org', 'other.example', 'shop.test', 'x.invalid', 'your-docusaurus-test-site.com', 'your-docusaurus-site.example.com', 'www.yourdomain.com', 'mysite.com', 'your-site.netlify.app']) expect(isPlaceholderHost(h), h).toBe(true);
    for (const h of ['www.acme.com', 'examples.com', 'example.co.uk.acme.com', 'yourbank.com', 'mydomainsearch.io', 'docs.acme.example.org.uk']) expect(isPlaceholderHost(h), h).toBe(false);
  });
});
