import { describe, expect, it } from 'vitest';
import { makeDom, makePage } from '../checks/test-support.js';
import { mirroredProduction, onCopy } from './copy-host.js';

const og = (content: string) => ({ name: null, property: 'og:url', http_equiv: null, content });

describe('mirroredProduction', () => {
  const cases: [string, string, { canonical?: string[]; og?: string }, string | null][] = [
    ['a loopback copy naming the same path on production', 'http://127.0.0.1:4000/labsite/', { canonical: ['https://lab.uni-research.de/labsite/'] }, 'lab.uni-research.de'],
    ['localhost, by og:url', 'http://localhost:1313/', { og: 'https://www.hugo-site.org/' }, 'www.hugo-site.org'],
    ['the index file and trailing slash spelled otherwise', 'http://127.0.0.1:4000/docs/index.html', { canonical: ['https://Docs.Acme-Tools.com/docs'] }, 'docs.acme-tools.com'],
    ['served under another path than production', 'http://127.0.0.1:4000/labsite/', { canonical: ['https://lab.uni-research.de/'] }, null],
    ['a public host is no local copy (a preview is judged as itself)', 'https://deploy-preview-3--acme.netlify.app/', { canonical: ['https://www.acme.com/'] }, null],
    ['a placeholder address', 'http://127.0.0.1:4000/', { canonical: ['https://your-docusaurus-site.example.com/'] }, null],
    ['its own address', 'http://127.0.0.1:4000/', { canonical: ['http://127.0.0.1:4000/'] }, null],
    ['no address named', 'http://127.0.0.1:4000/', {}, null],
  ];
  it.each(cases)('%s', (_name, url, declared, expected) => {
    const page = makePage({ url, dom: makeDom({ canonical: declared.canonical ?? [], meta: declared.og ? [og(declared.og)] : [] }) });
    expect(mirroredProduction(page)).toBe(expected);
  });
});

describe('onCopy', () => {
  it('moves production URLs (either scheme) to the copy with path, query and fragment, and leaves others alone', () => {
    const origin = 'http://127.0.0.1:4000';
    expect(onCopy('https://lab.uni-research.de/labsite/about/?lang=en#team', 'lab.uni-research.de', origin)).toBe('http://127.0.0.1:4000/labsite/about/?lang=en#team');
    expect(onCopy('http://LAB.uni-research.de/x', 'lab.uni-research.de', origin)).toBe('http://127.0.0.1:4000/x');
    expect(onCopy('https://github.com/lab/labsite', 'lab.uni-research.de', origin)).toBe('https://github.com/lab/labsite');
    expect(onCopy('mailto:lab@uni-research.de', 'lab.uni-research.de', origin)).toBe('mailto:lab@uni-research.de');
    expect(onCopy('https://lab.uni-research.de/x', null, origin)).toBe('https://lab.uni-research.de/x');
  });
});
