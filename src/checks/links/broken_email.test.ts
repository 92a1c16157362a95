import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check, emailProblem } from './broken_email.js';

const withMail = (...hrefs: string[][]) =>
  makeBundle({ pages: hrefs.map((list, i) => makePage({ url: `https://moulin.fr/${i ? `p${i}` : ''}`, depth: i ? 1 : 0, dom: makeDom({ links: list.map((href) => ({ href, text: 'Écrivez-nous', rel: null, region: 'footer' as const, nofollow: false })) }) })) });

describe('links.broken_email', () => {
  it.each([
    'mailto:contact@moulin.fr',
    'mailto:Contact@Moulin.FR?subject=Visite%20du%20moulin&body=Bonjour',
    'mailto:a@moulin.fr,b@moulin.fr',
    'mailto:jean.dupont+site@mairie-quimper.bzh',
    'mailto:?subject=Partager%20cette%20page',
    'mailto:%20contact@moulin.fr',
    'mailto:accueil@moulin-gour%C3%A9.fr',
    'mailto:info@xn--mller-kva.de',
    'mailto:a@moulin.fr;b@moulin.fr',
    'https://moulin.fr/contact/',
  ])('accepts %s', (href) => {
    expect(emailProblem(href)).toBeNull();
  });

  it.each([
    ['mailto:contact@moulin.fr/', 'ends in "/" (contact@moulin.fr/)'],
    ['mailto:contact@moulin', 'is not an e-mail address (contact@moulin)'],
    ['mailto:contact moulin@moulin.fr', 'contains a space (contact moulin@moulin.fr)'],
    ['mailto:www.moulin.fr', 'has no "@" (www.moulin.fr)'],
    ['mailto:you@example.com', 'is at a domain reserved for examples (example.com)'],
    ['mailto:VOTRE_EMAIL', "is a template's placeholder (VOTRE_EMAIL)"],
  ])('rejects %s', (href, problem) => {
    expect(emailProblem(href)).toBe(problem);
  });

  it("does not judge a site that itself lives on a name reserved for examples (a staging copy) by its own addresses", () => {
    const staging = makeBundle({ pages: [makePage({ url: 'https://acme.test/', dom: makeDom({ links: [{ href: 'mailto:hello@acme.test', text: 'hello@acme.test', rel: null, region: 'footer', nofollow: false }] }) })], site: { ...makeBundle().site, origin: 'https://acme.test' } });
    expect(findingsOf(check, staging)).toEqual([]);
  });

  it('passes a realistic healthy site and good addresses', () => {
    expect(findingsOf(check, realisticSite())).toEqual([]);
    expect(findingsOf(check, withMail(['mailto:contact@moulin.fr'], ['mailto:contact@moulin.fr']))).toEqual([]);
  });

  it("reports a footer's malformed address once, with the pages that carry it", () => {
    const [f, ...rest] = findingsOf(check, withMail(['mailto:contact@moulin.fr/'], ['mailto:contact@moulin.fr/', 'mailto:contact@moulin.fr']));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', section: 'works', title: 'An e-mail link\'s address ends in "/" (contact@moulin.fr/)' });
    expect(f!.evidence).toMatchObject({ links: [{ href: 'mailto:contact@moulin.fr/', pages_total: 2 }], pages_total: 2 });
  });
});
