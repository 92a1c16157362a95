// Elements the markup gives a click handler (`onclick`) that look clickable but no keyboard reaches, on a
// page other than the start page (whose listeners the keyboard walk reads): a CV's section headings that
// toggle their content. A heading that toggles, yes; a list item holding its link, a focusable card, a
// handler without a pointer cursor, a hidden one, an image inside a link, a button and a carousel's copy of
// a slide, no; an <a onclick> without href (Chromium says tabIndex 0, Tab never stops there), yes. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const head = (title: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><meta name="viewport" content="width=device-width, initial-scale=1"><style>.toggle{cursor:pointer}</style></head><body>`;
const home = `${head('Ana Sousa')}<main><h1>Ana Sousa</h1><p>Researcher. <a href="/cv">Curriculum vitae</a></p></main></body></html>`;
const cv = `${head('CV')}<main><h1>Curriculum vitae</h1>
<h3 class="toggle" onclick="this.nextElementSibling.hidden = !this.nextElementSibling.hidden">Education</h3><div hidden><p>MSc, University of Porto.</p></div>
<ul><li class="toggle" onclick="location.href='/cv#talks'"><a href="/cv#talks">Talks</a></li></ul>
<div class="toggle" tabindex="0" onclick="void 0" role="button">Download as PDF</div>
<span onclick="void 0">Plain text with a handler and no pointer</span>
<div class="toggle" style="display:none" onclick="void 0">Hidden panel</div>
<a href="/cv#photo"><img class="toggle" onclick="void 0" alt="Portrait" width="40" height="40" src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="></a>
<button class="toggle" onclick="void 0">Print</button>
<div class="owl-stage"><div class="owl-item"><div class="toggle" onclick="void 0">Project Alpha</div></div><div class="owl-item cloned"><div class="toggle" onclick="void 0">Project Alpha</div></div></div>
<a class="toggle" onclick="document.getElementById('talks').hidden = false">Show the talks</a>
<p id="talks">Talks: none yet.</p></main></body></html>`;

describe('click handlers in the markup', () => {
  const site = loopbackSite((_req, res, { path }) => {
    const body = path === '/' ? home : path === '/cv' ? cv : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });

  it('are reported on every page when no keyboard reaches the element', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 2 });
    const cvPage = bundle.pages.find((p) => p.final_url.endsWith('/cv'))!;
    // The carousel's copy of its slide is the same control: listed once.
    expect(cvPage.dom?.inline_click_only?.map((t) => [t.tag, t.text])).toEqual([['h3', 'Education'], ['div', 'Project Alpha'], ['a', 'Show the talks']]);
    const f = (report.findings ?? []).filter((x) => x.check_id === 'a11y.keyboard_unreachable');
    expect(f.map((x) => x.title)).toEqual(['3 elements with a click handler no keyboard can reach (first: h3 “Education”)']);
    expect(f[0]!.evidence).toMatchObject({ page: expect.stringMatching(/\/cv$/), pages: [{ elements: 3, nodes: [{ rect: { width: expect.any(Number) } }, {}, {}] }] });
  });
});
