import { describe, expect, it } from 'vitest';
import { copyHostKind, copyOf, isPlaceholderHost } from './copy-host.js';

describe('copyHostKind', () => {
  it.each([
    ['127.0.0.1', 'local'], ['[::1]', 'local'], ['localhost', 'local'], ['docs', 'local'], ['shop.localhost', 'local'], ['site.test', 'local'], ['printer.local', 'local'],
    ['deploy-preview-12--acme.netlify.app', 'platform'], ['acme-git-main-team.vercel.app', 'platform'], ['3f2a1c.acme.pages.dev', 'platform'], ['acme.github.io', 'platform'], ['acme.readthedocs.io', 'platform'],
    ['staging.acme.com', 'staging'], ['preview-42.acme.com', 'staging'], ['dev2.acme.co.uk', 'staging'], ['uat.shop.acme.com', 'staging'],
    ['10.1.2.3', 'local'], ['169.254.1.1', 'local'], ['100.64.0.1', 'local'], ['192.168.0.10', 'local'], ['[fd12::1]', 'local'], ['93.184.215.14', null], ['[2606:4700:4700::1111]', null],
    ['www.acme.com', null], ['acme.com', null], ['docs.acme.com', null], ['developer.acme.com', null], ['testimonials.acme.com', null], ['dev.to', null], ['netlify.com.evil.example', null],
  ] as const)('%s → %s', (host, kind) => {
    expect(copyHostKind(host)).toBe(kind);
  });

  it('knows placeholder hosts from reserved names and generator starters, and nothing else', () => {
    for (const h of ['example.com', 'www.example.org', 'other.example', 'shop.test', 'x.invalid', 'your-docusaurus-test-site.com', 'your-docusaurus-site.example.com', 'www.yourdomain.com', 'mysite.com', 'your-site.netlify.app']) expect(isPlaceholderHost(h), h).toBe(true);
    for (const h of ['www.acme.com', 'examples.com', 'example.co.uk.acme.com', 'yourbank.com', 'mydomainsearch.io', 'docs.acme.example.org.uk']) expect(isPlaceholderHost(h), h).toBe(false);
  });

  it('tells a copy of production from a host that merely looks like one', () => {
    // Local copies copy anything that is production.
    expect(copyOf('127.0.0.1', 'immerjs.github.io')).toBe('local');
    expect(copyOf('127.0.0.1', 'localhost')).toBeNull();
    // Staging only of its own domain.
    expect(copyOf('staging.acme.com', 'www.acme.com')).toBe('staging');
    expect(copyOf('dev.mysql.com', 'www.other-project.org')).toBeNull();
    // A platform address: a preview, or one carrying the production site's name.
    expect(copyOf('deploy-preview-42--acme.netlify.app', 'www.acme.com')).toBe('platform');
    expect(copyOf('acme-git-main-team.vercel.app', 'acme.com')).toBe('platform');
    expect(copyOf('acme.github.io', 'www.acme.com')).toBe('platform');
    expect(copyOf('acme.github.io', 'upstream-theme.org')).toBeNull();
    // Public addresses are servers, not copies.
    expect(copyOf('93.184.215.14', 'www.acme.com')).toBeNull();
  });
});

describe('copiedFrom', () => {
  it("names production when a copy's page names itself there, under the spelling its generator mixes (guide/ served, guide.html named)", async () => {
    const { copiedFrom } = await import('./copy-host.js');
    expect(copiedFrom('http://127.0.0.1:4000/docs/guide/', 'https://mrphys.github.io/docs/guide/')).toBe('mrphys.github.io');
    expect(copiedFrom('http://127.0.0.1:4000/docs/guide/', 'https://mrphys.github.io/docs/guide.html')).toBe('mrphys.github.io');
    expect(copiedFrom('http://127.0.0.1:4000/docs/guide/index.html', 'https://mrphys.github.io/docs/guide.html')).toBe('mrphys.github.io');
    expect(copiedFrom('http://127.0.0.1:4000/docs/guide/', 'https://mrphys.github.io/docs/api.html')).toBeNull();
    expect(copiedFrom('https://www.acme.com/guide/', 'https://www.acme.com/guide.html')).toBeNull();
  });
});
