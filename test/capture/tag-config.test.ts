// Tag configuration read from a real page (src/capture/in-page/tag-config.ts): the snippets as their
// vendors publish them, with every loader refused, so only what the page itself queued can show the tag.
// Nothing leaves the machine: the page is set from a string and every request it makes is aborted.
import { describe, expect, it } from 'vitest';
import { readTagConfig } from '../../src/capture/in-page/tag-config.js';
import { suiteBrowser } from '../support/suite-browser.js';

// analytics.js's published snippet: `ga` is a queue until the loader replaces it.
const ANALYTICS_JS = `<script>
(function(i,s,o,g,r,a,m){i['GoogleAnalyticsObject']=r;i[r]=i[r]||function(){
(i[r].q=i[r].q||[]).push(arguments)},i[r].l=1*new Date();a=s.createElement(o),
m=s.getElementsByTagName(o)[0];a.async=1;a.src=g;m.parentNode.insertBefore(a,m)
})(window,document,'script','https://www.google-analytics.com/analytics.js','ga');
ga('create', 'UA-24680-1', 'auto');
ga('send', 'pageview');
</script>`;
// The same loader under another name (WordPress plugins rename it) with the fields-object form.
const RENAMED = ANALYTICS_JS.replace(/'ga'\);/, "'__gaTracker');").replace("ga('create', 'UA-24680-1', 'auto');", "__gaTracker('create', { trackingId: 'UA-13579-2', cookieDomain: 'auto' });").replace("ga('send'", "__gaTracker('send'");
// ga.js, older still.
const GA_JS = `<script>
var _gaq = _gaq || [];
_gaq.push(['_setAccount', 'UA-11111-3']);
_gaq.push(['_trackPageview']);
(function() { var ga = document.createElement('script'); ga.async = true;
ga.src = 'https://ssl.google-analytics.com/ga.js';
var s = document.getElementsByTagName('script')[0]; s.parentNode.insertBefore(ga, s); })();
</script>`;

describe('tag configuration read from the page', () => {
  const browser = suiteBrowser();

  async function configOf(html: string) {
    const context = await browser().newContext();
    try {
      await context.route('**/*', (route) => route.abort());
      const page = await context.newPage();
      await page.setContent(`<!doctype html><title>t</title><script></script>${html}`, { waitUntil: 'load' });
      return await readTagConfig(page);
    } finally {
      await context.close();
    }
  }

  it("finds Universal Analytics in analytics.js's queue, under its own or a renamed global, and in ga.js's _gaq", async () => {
    expect(await configOf(ANALYTICS_JS)).toEqual([{ source: 'ga', command: 'create', id: 'UA-24680-1' }]);
    expect(await configOf(RENAMED)).toEqual([{ source: 'ga', command: 'create', id: 'UA-13579-2' }]);
    expect(await configOf(GA_JS)).toEqual([{ source: '_gaq', command: '_setAccount', id: 'UA-11111-3' }]);
  });

  it('reads nothing from a page whose own `ga` is not analytics.js', async () => {
    expect(await configOf('<script>window.ga = function () { return 1 }; window.ga.q = [["create", "x"]].slice(1);</script>')).toEqual([]);
  });
});
