import { describe, expect, it } from 'vitest';
import { placeholderIn } from './placeholder_url.js';

describe('addresses left as placeholders', () => {
  it.each([
    ['https://example.com/code-of-conduct', 'example.com'],
    ['https://www.example.org/privacy', 'www.example.org'],
    ['https://shop.invalid/', 'shop.invalid'],
    ['https://formspree.io/f/VOTRE_ID_FORMSPREE', 'VOTRE_ID_FORMSPREE'],
    ['https://github.com/YOUR_USERNAME', 'YOUR_USERNAME'],
    ['https://www.linkedin.com/in/YOUR_PROFILE/', 'YOUR_PROFILE'],
    ['https://api.web3forms.com/submit?access_key=YOUR_ACCESS_KEY', 'YOUR_ACCESS_KEY'],
    ['https://twitter.com/%7B%7B%20site.twitter%20%7D%7D', '{{ site.twitter }}'],
    ['https://docs.google.com/forms/d/e/FORM_ID/viewform', 'FORM_ID'],
  ])('%s is a placeholder (%s)', (url, what) => {
    expect(placeholderIn(url)).toBe(what);
  });

  it.each([
    'https://en.wikipedia.org/wiki/ISO_8601',
    'https://en.wikipedia.org/wiki/North_Atlantic_Treaty_Organization',
    'https://github.com/acme/tools/blob/main/README_FIRST.md',
    'https://formspree.io/f/xrgvabcd',
    'https://docs.google.com/forms/d/e/1FAIpQLSd3kXyz/viewform',
    'https://nodejs.org/api/cli.html#NODE_OPTIONS',
    'https://shop.example-brand.de/?utm_campaign=EMAIL_SIGNATURE&utm_source=YOUR_NEWSLETTER',
    'https://shop.example-brand.de/item?ref=PRODUCT_PAGE',
    'https://docs.npmjs.com/cli/v10/using-npm/config/NPM_TOKEN',
    'https://example-shop.com/',
    'mailto:YOUR_EMAIL@site.fr',
    'not a url',
  ])('%s is an address', (url) => {
    expect(placeholderIn(url)).toBeNull();
  });
});
