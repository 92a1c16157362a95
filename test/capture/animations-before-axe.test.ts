// A section fading in as the page loads (animate.css / WOW.js): axe measured its heading half-faded in one
// run and not in the next. Finite animations are finished before axe runs; the page as a visitor sees it
// a moment later is what is judged. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agency</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>
@keyframes fadeIn { from { opacity: 0.2 } to { opacity: 1 } }
.fadeIn { animation: fadeIn 20s both }
h2 { color: #939393; font-size: 24px; font-weight: bold }
@keyframes spin { to { transform: rotate(360deg) } }
.spinner { width: 20px; height: 20px; border: 2px solid #333; animation: spin 1s linear infinite }
</style></head><body><main><h1>Our work</h1>
<section class="fadeIn"><h2>Nos réalisations</h2><p style="color:#222">Projects we are proud of.</p></section>
<div class="spinner" aria-hidden="true"></div></main></body></html>`;

// A blog theme fading its posts in by script, frame by frame (Hexo NexT's `.use-motion` with Velocity):
// inline opacity written on every frame, no Web Animation to finish. #595959 on white is 7:1; half-faded it
// fails. The title first, then the body, one after the other, as a theme's sequence runs.
const scripted = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Notes</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>
.use-motion .post-header, .use-motion .post-body { opacity: 0 } p, h1 { color: #595959 }
</style></head><body class="use-motion"><main><article>
<header class="post-header"><h1>Scheduling in Go</h1></header>
<div class="post-body"><p>Goroutines are multiplexed onto threads by the runtime's scheduler.</p></div>
</article></main><script>
function fade(el, ms, done) {
  const start = performance.now();
  (function frame(now) {
    const t = Math.min(1, (now - start) / ms);
    el.style.opacity = String(t);
    if (t < 1) requestAnimationFrame(frame); else if (done) done();
  })(start);
}
fade(document.querySelector('.post-header'), 1000, () => fade(document.querySelector('.post-body'), 1200));
</script></body></html>`;

// A theme's motion sequence: blocks hidden by the stylesheet (`.use-motion .post-block { opacity: 0 }`), faded
// in one after another by script with a pause between them. #999 on white is 2.85:1: every block fails once
// shown; a block still hidden when axe runs is skipped and its failure missed.
const sequence = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Archive</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>
.use-motion .post-block { opacity: 0 } .post-block p { color: #999; margin: 4px 0 } .post-block { padding: 4px }
</style></head><body class="use-motion"><main>
${[1, 2, 3, 4].map((n) => `<article class="post-block"><p>Post number ${n} of the archive, faded in by the theme.</p></article>`).join('\n')}
</main><script>
const blocks = [...document.querySelectorAll('.post-block')];
function fade(i) {
  if (i >= blocks.length) return;
  const el = blocks[i], start = performance.now();
  el.style.opacity = '0';
  (function frame(now) {
    const t = Math.min(1, (now - start) / 450);
    el.style.opacity = String(t);
    if (t < 1) requestAnimationFrame(frame); else setTimeout(() => fade(i + 1), 200);
  })(start);
}
setTimeout(() => fade(0), 300);
</script></body></html>`;

describe('entrance animations', () => {
  const site = loopbackSite((_req, res, { path }) => {
    const body = path === '/' ? page : path === '/scripted' ? scripted : path === '/sequence' ? sequence : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });

  it('in a sequence, hidden by the stylesheet between fades, are waited for: every block is measured', async () => {
    const { bundle } = await site.audit('/sequence', { maxPages: 1 });
    const contrast = (bundle.pages[0]!.accessibility?.violations ?? []).find((v) => v.id === 'color-contrast');
    expect(contrast?.nodes.map((n) => n.html.match(/Post number \d/)?.[0])).toEqual(['Post number 1', 'Post number 2', 'Post number 3', 'Post number 4']);
  });

  it('driven by script frame by frame are waited for before axe measures colours', async () => {
    const { bundle } = await site.audit('/scripted', { maxPages: 1 });
    expect((bundle.pages[0]!.accessibility?.violations ?? []).filter((v) => v.id === 'color-contrast')).toEqual([]);
  });

  it('are finished before axe measures colours, at both widths', async () => {
    const { bundle } = await site.audit('/', { maxPages: 1 });
    const contrast = (violations: { id: string }[] | undefined) => (violations ?? []).filter((v) => v.id === 'color-contrast');
    // #939393 on white is 3.06:1, enough for large bold text; at 20% opacity it would fail.
    expect(contrast(bundle.pages[0]!.accessibility?.violations)).toEqual([]);
    expect(contrast(bundle.site.mobile_view?.accessibility?.violations)).toEqual([]);
  });
});
