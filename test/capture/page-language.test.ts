// The language a page's text is written in against the language its <html lang> declares. The capture
// keeps the main content's prose only (no code, navigation, lists of links, hidden panels or passages with
// their own lang); the check reads it. A theme left at lang="en" on Spanish and Chinese pages is reported; a French
// page quoting English, showing English code and hiding an English panel is not. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const head = (lang: string, title: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body>`;
const nav = `<header><nav><a href="/">Home</a> <a href="/taller">Workshop</a> <a href="/blog">Blog</a> <a href="/contact">Contact us</a></nav></header>`;

const home = `${head('fr', 'Atelier de la Fontaine')}${nav}<main>
<h1>Atelier de la Fontaine</h1>
<p>Bienvenue sur le site de notre association. Nous organisons des ateliers pour les enfants et les adultes tout au long de l'année, dans la salle municipale et en plein air quand le temps le permet.</p>
<blockquote lang="en"><p>The best way to learn a craft is to sit next to someone who loves it, and to make many mistakes in good company. Every workshop should leave you with something you made yourself.</p></blockquote>
<pre><code>// Installation of the booking widget, as our developer wrote it
const booking = createBookingWidget({ element: document.querySelector('#booking'), language: 'fr' });
booking.on('submit', (slot) => sendConfirmationEmail(slot.email, slot.date));</code></pre>
<ul class="links">
  <li>
    <a href="/telegram">Telegram group of the workshop</a>
  </li>
  <li>
    <a href="/meetup">Our meetup page and its English calendar</a>
  </li>
</ul>
<div id="english-panel" style="display:none"><p>This panel is the English version of the page, shown when a visitor switches the language. It repeats everything said above for our visitors from abroad.</p></div>
<p>Les inscriptions ouvrent en septembre et se font en ligne ou à la permanence du mercredi. Pour toute question sur les tarifs, les horaires ou les activités proposées, <a href="/contact">contactez-nous</a> par courriel ou par téléphone.</p>
</main><footer><p>Copyright Atelier de la Fontaine. All rights reserved. Privacy policy and terms of use.</p></footer></body></html>`;

const spanish = `${head('en', 'Taller')}${nav}<main><h1>Nuestro taller</h1>
<p>Somos una empresa familiar dedicada a la fabricación de muebles a medida desde hace más de treinta años. Trabajamos con maderas de origen certificado y cada pieza se termina a mano en nuestro taller.</p>
<p>Visite nuestra exposición de lunes a sábado o solicite un presupuesto sin compromiso a través del formulario de contacto. Realizamos envíos a toda la península y ofrecemos montaje gratuito en la provincia.</p></main></body></html>`;

// A blog theme's post: the title in the article's own <header>, the body faded in from opacity 0 by script.
const chinese = `${head('en', '博客')}${nav}<main><article><header class="post-header"><h1>学习笔记</h1></header><div class="post-body" style="opacity:0">
<p>欢迎来到我的博客。这里记录了我学习前端开发的过程，包括JavaScript、CSS和一些框架的使用心得。</p>
<p>最近在研究如何提高网页的加载速度，也整理了一些关于图片压缩和缓存策略的笔记。如果你也在学习这些内容，希望这些文章对你有所帮助。</p>
<p>有任何问题欢迎在评论区留言，我会尽快回复。周末的时候我还会写一些读书笔记和生活随笔，记录每一次的成长与收获。</p></div></article></main></body></html>`;

const contact = `${head('en', 'Contact us')}${nav}<main><h1>Contact us</h1><p>Write to us.</p></main></body></html>`;

describe('the language of a page against its text', () => {
  const site = loopbackSite((_req, res, { path }) => {
    const page = ({ '/': home, '/taller': spanish, '/blog': chinese, '/contact': contact } as Record<string, string>)[path];
    if (page) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });

  it('keeps the prose in the declared language and reports pages whose text is in another one', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 5 });
    const prose = (path: string) => bundle.pages.find((p) => new URL(p.final_url).pathname === path)?.dom?.prose ?? '';
    // The French page's prose: its paragraphs and heading, in order; not the English quotation, code,
    // hidden panel, navigation or footer.
    expect(prose('/')).toMatch(/^Atelier de la Fontaine Bienvenue sur le site/);
    expect(prose('/')).toContain('Les inscriptions ouvrent en septembre');
    expect(prose('/')).toContain('contactez-nous par courriel');
    for (const english of ['The best way', 'createBookingWidget', 'English version', 'Workshop', 'Telegram group', 'meetup page', 'All rights reserved']) expect(prose('/')).not.toContain(english);
    expect(prose('/blog')).toMatch(/^学习笔记 欢迎来到我的博客/);

    const findings = (report.findings ?? []).filter((f) => f.check_id === 'a11y.lang_text_mismatch');
    expect(findings.map((f) => f.title).sort()).toEqual([
      'The page declares lang="en" (English) but its text is in Chinese',
      'The page declares lang="en" (English) but its text is in Spanish',
    ]);
    expect(findings.map((f) => new URL(f.evidence!.page!).pathname).sort()).toEqual(['/blog', '/taller']);
  });
});
