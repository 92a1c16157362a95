import { describe, expect, it } from 'vitest';
import {
  KNOWN_GLOBALS, VENDORS, hitKey, isBeaconRequest, isBeaconUrl, matchBeacon, matchCookie, matchProxiedHit, matchScript, measurementId, parseHits,
  thirdPartyEntity, vendorsOfGlobal,
} from './vendors.js';

// Real hit URLs as the vendors' tags send them (ids replaced), with the vendor and property id expected.
const beacons: [string, string, string | null][] = [
  ['https://region1.google-analytics.com/g/collect?v=2&tid=G-8XK2T4Q1ZP&gtm=45je4&_p=1&gcs=G111&cid=1.2&ul=en-us&sr=1280x800&_s=1&sid=1&sct=1&seg=0&dl=https%3A%2F%2Fexample.com%2F&dt=Home&en=page_view&_fv=1&_ss=1', 'ga4', 'G-8XK2T4Q1ZP'],
  ['https://www.google-analytics.com/g/collect?v=2&tid=G-ABC123&cid=1&en=page_view&dl=https%3A%2F%2Fexample.com%2F', 'ga4', 'G-ABC123'],
  ['https://region1.analytics.google.com/g/collect?v=2&tid=G-ABC123&en=scroll', 'ga4', 'G-ABC123'],
  ['https://stats.g.doubleclick.net/g/collect?v=2&tid=G-ABC123&cid=1&gtm=45je', 'ga4', 'G-ABC123'],
  ['https://sgtm.example.com/g/collect?v=2&tid=G-ABC123&en=page_view', 'ga4', 'G-ABC123'],
  ['https://www.google-analytics.com/collect?v=1&_v=j101&a=1&t=pageview&_s=1&dl=https%3A%2F%2Fexample.com%2F&tid=UA-12345-1&cid=1', 'ua', 'UA-12345-1'],
  ['https://www.google-analytics.com/j/collect?v=1&t=pageview&tid=UA-12345-1&cid=1&dl=https%3A%2F%2Fexample.com%2F', 'ua', 'UA-12345-1'],
  ['https://www.google-analytics.com/r/collect?v=1&t=pageview&tid=UA-12345-1', 'ua', 'UA-12345-1'],
  ['https://www.google-analytics.com/__utm.gif?utmwv=5.7.2&utmac=UA-12345-1&utmp=%2F', 'ua', 'UA-12345-1'],
  ['https://stats.g.doubleclick.net/j/collect?t=dc&aip=1&_r=3&v=1&tid=UA-12345-1', 'ua', 'UA-12345-1'],
  ['https://www.googleadservices.com/pagead/conversion/987654321/?random=1&cv=11&fst=1&url=https%3A%2F%2Fexample.com%2F', 'google_ads', 'AW-987654321'],
  ['https://googleads.g.doubleclick.net/pagead/viewthroughconversion/987654321/?random=1', 'google_ads', 'AW-987654321'],
  ['https://www.google.de/pagead/1p-user-list/987654321/?random=1', 'google_ads', 'AW-987654321'],
  ['https://ad.doubleclick.net/activity;src=1234567;type=invmedia;cat=abc;ord=1?', 'google_ads', 'DC-1234567'],
  ['https://www.facebook.com/tr/?id=1234567890&ev=PageView&dl=https%3A%2F%2Fexample.com%2F&rl=&if=false&ts=1', 'meta_pixel', '1234567890'],
  ['https://www.facebook.com/tr?id=1234567890&ev=Purchase', 'meta_pixel', '1234567890'],
  ['https://api.segment.io/v1/t', 'segment', null],
  ['https://plausible.io/api/event', 'plausible', null],
  ['https://cdn.usefathom.com/?h=https%3A%2F%2Fexample.com&p=%2F&r=&sid=ABCDEFGH&qs=%7B%7D&cid=1', 'fathom', 'ABCDEFGH'],
  ['https://analytics.example.com/matomo.php?action_name=Home&idsite=3&rec=1&url=https%3A%2F%2Fexample.com%2F', 'matomo', '3'],
  ['https://example.matomo.cloud/piwik.php?idsite=1&rec=1', 'matomo', '1'],
  ['https://example.piwik.pro/ppms.php?idsite=abc&rec=1', 'piwik_pro', 'abc'],
  ['https://example.com/wp-json/matomo/v1/hit/?idsite=1&rec=1&action_name=Home', 'matomo', '1'],
  ['https://example.com/index.php?rest_route=%2Fmatomo%2Fv1%2Fhit%2F&idsite=1&rec=1', 'matomo', '1'],
  ['https://stats.example.com/js/?idsite=4&rec=1&url=https%3A%2F%2Fexample.com%2F', 'matomo', '4'],
  ['https://api-js.mixpanel.com/track/?verbose=1&ip=1&_=1', 'mixpanel', null],
  ['https://api2.amplitude.com/2/httpapi', 'amplitude', null],
  ['https://heapanalytics.com/h?a=123456&u=https%3A%2F%2Fexample.com%2F&t=Home', 'heap', '123456'],
  ['https://us.i.posthog.com/e/?ip=1&_=1&ver=1.100.0', 'posthog', null],
  ['https://in.hotjar.com/api/v2/client/sites/1234567/visit-data?sv=7', 'hotjar', '1234567'],
  ['wss://ws.hotjar.com/api/v2/client/ws', 'hotjar', null],
  ['https://y.clarity.ms/collect', 'clarity', null],
  ['https://example.sc.omtrdc.net/b/ss/examplersid/1/JS-2.22.0/s1234?AQB=1&pageName=home&g=https%3A%2F%2Fexample.com%2F', 'adobe_analytics', 'examplersid'],
  ['https://metrics.example.com/b/ss/examplersid/10/JS-2.22.0/s1234?AQB=1', 'adobe_analytics', 'examplersid'],
  ['https://edge.adobedc.net/ee/v1/interact?configId=abc-123&requestId=1', 'adobe_analytics', 'abc-123'],
  ['https://px.ads.linkedin.com/collect?v=2&fmt=js&pid=123456&time=1&url=https%3A%2F%2Fexample.com%2F', 'linkedin', '123456'],
  ['https://analytics.tiktok.com/api/v2/pixel', 'tiktok', null],
  ['https://ct.pinterest.com/v3/?event=init&tid=2612345678901&pd=%7B%7D&ad=%7B%7D', 'pinterest', '2612345678901'],
  ['https://t.co/i/adsct?bci=3&eci=2&event_id=1&events=%5B%5B%22pageview%22%2C%7B%7D%5D%5D&txn_id=o1234&type=javascript', 'twitter', 'o1234'],
  ['https://analytics.twitter.com/i/adsct?txn_id=o1234&events=%5B%5B%22pageview%22%5D%5D', 'twitter', 'o1234'],
  ['https://collector.example.com/com.snowplowanalytics.snowplow/tp2', 'snowplow', null],
  ['https://queue.simpleanalyticscdn.com/post', 'simple_analytics', null],
  ['https://cloud.umami.is/api/send', 'umami', null],
  ['https://acme.goatcounter.com/count?p=%2Fblog%2F&r=&t=Blog&e=false&s=1280%2C800%2C1&b=0&q=&rnd=k3j2h', 'goatcounter', 'acme'],
  ['https://stats.example.com/count?p=%2F&t=Home&e=false&s=1280%2C800%2C1&b=0&rnd=x1', 'goatcounter', 'stats.example.com'],
  ['https://api.pirsch.io/api/v1/hit?nc=1&code=AbC123&url=https%3A%2F%2Fexample.com%2F&t=Home&w=1280&h=800', 'pirsch', 'AbC123'],
  ['https://mc.yandex.ru/watch/12345678?page-url=https%3A%2F%2Fexample.com%2F&charset=utf-8', 'yandex_metrica', '12345678'],
  ['https://bat.bing.com/action/0?ti=12345678&Ver=2&mid=1&evt=pageLoad&p=https%3A%2F%2Fexample.com%2F', 'bing_uet', '12345678'],
  ['https://track.hubspot.com/__ptq.gif?k=1&a=1234567&u=https%3A%2F%2Fexample.com%2F', 'hubspot', '1234567'],
  ['https://track-eu1.hubspot.com/__ptq.gif?a=1234567', 'hubspot', '1234567'],
  ['https://pixel.wp.com/g.gif?v=ext&blog=123456&post=42&tz=1&srv=example.com&host=example.com&ref=&rand=0.5', 'jetpack_stats', '123456'],
  ['https://in.getclicky.com/in.php?site_id=101234567&type=pageview&href=%2Fabout%2F&title=About&res=1280x800&lang=en&tz=0&ck=1&mime=js&x=0.1', 'clicky', '101234567'],
  ['https://example.com/cdn-cgi/rum?', 'cloudflare_web_analytics', null],
  ['https://cloudflareinsights.com/cdn-cgi/rum', 'cloudflare_web_analytics', null],
  ['https://example.com/_vercel/insights/view', 'vercel_analytics', null],
  ['https://rs.fullstory.com/rec/page?OrgId=o-ABC', 'fullstory', 'o-ABC'],
  ['https://alb.reddit.com/rp.gif?ts=1&id=t2_abc&event=PageVisit', 'reddit_pixel', 't2_abc'],
  ['https://hm.baidu.com/hm.gif?si=abcdef&et=0', 'baidu_tongji', 'abcdef'],
  ['https://hzs14.cnzz.com/stat.htm?id=1280000000&p=https%3A%2F%2Fexample.com%2F', 'cnzz', '1280000000'],
  ['https://busuanzi.ibruce.info/busuanzi?jsonpCallback=BusuanziCallback_1', 'busuanzi', null],
  ['https://www.googletagmanager.com/td?id=G-ABC123&v=3&t=t', 'gtm', null],
  ['https://www.googletagmanager.com/a?id=GTM-ABCD123&cv=5&v=3&t=t', 'gtm', 'GTM-ABCD123'],
];

// Tag scripts and ordinary requests: never beacons (capture would answer them with 204 and break the page).
const scripts: [string, string | null, string | null][] = [
  ['https://www.googletagmanager.com/gtag/js?id=G-ABC123', 'ga4', 'G-ABC123'],
  ['https://s4.cnzz.com/z_stat.php?id=1280000000&web_id=1280000000', 'cnzz', '1280000000'],
  ['https://cdn.jsdelivr.net/gh/sukkaw/busuanzi@2.3/bsz.pure.mini.js', 'busuanzi', null],
  ['https://busuanzi.ibruce.info/busuanzi/2.3/busuanzi.pure.mini.js', 'busuanzi', null],
  ['https://clustrmaps.com/map_v2.js?d=Ab3xYz&cl=ffffff&w=a', 'clustrmaps', 'Ab3xYz'],
  ['https://cdn.clustrmaps.com/globe.js?d=Ab3xYz', 'clustrmaps', 'Ab3xYz'],
  ['https://www.googletagmanager.com/gtag/js?id=UA-12345-1', 'ua', 'UA-12345-1'],
  ['https://www.googletagmanager.com/gtag/js?id=AW-987654321', 'google_ads', 'AW-987654321'],
  ['https://www.googletagmanager.com/gtag/js?id=GT-ABCDEF1', 'google_tag', 'GT-ABCDEF1'],
  ['https://www.googletagmanager.com/gtm.js?id=GTM-ABCD123', 'gtm', 'GTM-ABCD123'],
  ['https://tags.example.com/gtm.js?id=GTM-ABCD123&l=dataLayer', 'gtm', 'GTM-ABCD123'],
  ['https://www.google-analytics.com/analytics.js', 'ua', null],
  ['https://cdn.segment.com/analytics.js/v1/WRITEKEY123/analytics.min.js', 'segment', 'WRITEKEY123'],
  ['https://plausible.io/js/script.outbound-links.js', 'plausible', null],
  ['https://cdn.usefathom.com/script.js', 'fathom', null],
  ['https://analytics.example.com/matomo.js', 'matomo', null],
  ['https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js', 'mixpanel', null],
  ['https://cdn.amplitude.com/script/abc123.js', 'amplitude', null],
  ['https://cdn.heapanalytics.com/js/heap-123456.js', 'heap', '123456'],
  ['https://us-assets.i.posthog.com/static/array.js', 'posthog', null],
  ['https://static.hotjar.com/c/hotjar-1234567.js?sv=6', 'hotjar', '1234567'],
  ['https://www.clarity.ms/tag/abcdef1234', 'clarity', 'abcdef1234'],
  ['https://assets.adobedtm.com/abc/def/launch-123.min.js', 'adobe_launch', null],
  ['https://connect.facebook.net/en_US/fbevents.js', 'meta_pixel', null],
  ['https://connect.facebook.net/signals/config/1234567890?v=2.9.1&r=stable', 'meta_pixel', '1234567890'],
  ['https://snap.licdn.com/li.lms-analytics/insight.min.js', 'linkedin', null],
  ['https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=CABC123&lib=ttq', 'tiktok', 'CABC123'],
  ['https://s.pinimg.com/ct/core.js', 'pinterest', null],
  ['https://static.ads-twitter.com/uwt.js', 'twitter', null],
  ['https://scripts.simpleanalyticscdn.com/latest.js', 'simple_analytics', null],
  ['https://cloud.umami.is/script.js', 'umami', null],
  ['https://gc.zgo.at/count.js', 'goatcounter', null],
  ['https://gc.zgo.at/count.v4.js', 'goatcounter', null],
  ['https://api.pirsch.io/pa.js', 'pirsch', null],
  ['https://stats.wp.com/e-202548.js', 'jetpack_stats', null],
  ['https://static.getclicky.com/js', 'clicky', null],
  ['https://mc.yandex.ru/metrika/tag.js', 'yandex_metrica', null],
  ['https://bat.bing.com/bat.js', 'bing_uet', null],
  ['https://js.hs-scripts.com/1234567.js', 'hubspot', '1234567'],
  ['https://static.cloudflareinsights.com/beacon.min.js/vcd15cbe7772f49c399c6a5babf22c1241717689176015', 'cloudflare_web_analytics', null],
  ['https://example.com/_vercel/insights/script.js', 'vercel_analytics', null],
  ['https://example.com/app.js', null, null],
  ['https://example.com/api/event', null, null],
  ['https://example.com/api/likes/count?p=42', null, null],
  ['https://shop.example.com/api/cart/count?p=1&s=10&rnd=0.42', null, null],
  ['https://example.com/collect', null, null],
  ['https://example.com/i', null, null],
  ['https://example.com/js/?v=2', null, null],
  ['https://example.com/wp-json/wp/v2/posts', null, null],
  ['https://www.google.com/recaptcha/api.js', null, null],
  ['https://fonts.googleapis.com/css2?family=Inter', null, null],
  ['https://www.facebook.com/plugins/page.php?href=x', null, null],
  ['https://pixel-config.reddit.com/pixels/t2_abc/config', null, null],
  ['https://api-js.mixpanel.com/decide/?verbose=1', null, null],
  ['https://us.i.posthog.com/decide/?v=3', null, null],
  ['data:image/gif;base64,R0lGODlhAQABAAAAACw=', null, null],
  ['chrome-extension://abc/content.js', null, null],
];

describe('vendor data', () => {
  it.each(beacons)('beacon %s → %s (%s)', (url, vendor, id) => {
    expect(matchBeacon(url)?.id).toBe(vendor);
    expect(isBeaconUrl(url)).toBe(true);
    expect(measurementId(url, null)).toBe(id);
    expect(matchScript(url)).toBeNull();
  });

  it.each(scripts)('script %s → %s (%s), never a beacon', (url, vendor, id) => {
    expect(isBeaconUrl(url)).toBe(false);
    expect(matchScript(url)?.id ?? null).toBe(vendor);
    expect(measurementId(url)).toBe(id);
  });

  it('every vendor has a unique id, a kind, and at least one tag or hit pattern', () => {
    expect(new Set(VENDORS.map((v) => v.id)).size).toBe(VENDORS.length);
    for (const v of VENDORS) {
      expect(['analytics', 'tag_manager', 'advertising', 'session_replay']).toContain(v.kind);
      expect(v.script.length + v.beacon.length).toBeGreaterThan(0);
    }
  });

  it('reads sendBeacon POST bodies: GA4 batched events, Segment JSON, Plausible JSON, Matomo bulk', () => {
    const ga4 = parseHits('https://region1.google-analytics.com/g/collect?v=2&tid=G-ABC123&gcs=G100&dl=https%3A%2F%2Fexample.com%2Fa',
      'en=page_view&_et=1\r\nen=scroll&epn.percent_scrolled=90');
    expect(ga4.map((h) => [h.event, h.pageview, h.consent_denied])).toEqual([['page_view', true, true], ['scroll', false, true]]);
    expect(ga4[0]!.location).toBe('https://example.com/a');

    const seg = parseHits('https://api.segment.io/v1/p', '{"type":"page","writeKey":"WK1","properties":{"url":"https://example.com/"},"messageId":"x"}');
    expect(seg[0]).toMatchObject({ vendor: 'segment', id: 'WK1', pageview: true, location: 'https://example.com/' });

    const pl = parseHits('https://plausible.io/api/event', '{"n":"pageview","u":"https://example.com/","d":"example.com","r":null}');
    expect(pl[0]).toMatchObject({ id: 'example.com', event: 'pageview', pageview: true });
    expect(hitKey('https://plausible.io/api/event', '{"n":"pageview","u":"https://example.com/","d":"example.com"}'))
      .toBe('plausible|example.com|pageview|https://example.com/');

    const mt = parseHits('https://a.example.com/matomo.php', '{"requests":["?idsite=2&rec=1&action_name=Home&url=https%3A%2F%2Fexample.com%2F","?idsite=2&rec=1&e_c=video&e_a=play"]}');
    expect(mt.map((h) => [h.id, h.pageview])).toEqual([['2', true], ['2', false]]);

    const tt = parseHits('https://analytics.tiktok.com/api/v2/pixel', '{"event":"Pageview","context":{"pixel":{"code":"C1"}},"pixel_code":"C1"');
    expect(tt[0]).toMatchObject({ id: 'C1', event: 'Pageview', pageview: true });
  });

  it('recognises hits through first-party proxies by their body, and leaves the site\'s own API alone', () => {
    const plausible = '{"n":"pageview","u":"https://example.com/","d":"example.com","r":null,"w":1280}';
    expect(matchProxiedHit('https://example.com/api/event', plausible)?.id).toBe('plausible');
    expect(parseHits('https://example.com/api/event', plausible)[0]).toMatchObject({ vendor: 'plausible', pageview: true });
    expect(isBeaconRequest('https://example.com/api/event', plausible)).toBe(true);
    expect(isBeaconUrl('https://example.com/api/event')).toBe(false);
    expect(matchProxiedHit('https://example.com/api/event', '{"title":"Launch party","url":"https://example.com/e/1"}')).toBeNull();
    expect(matchProxiedHit('https://example.com/api/event', null)).toBeNull();
    expect(matchProxiedHit('https://t.example.com/v1/p', '{"type":"page","writeKey":"WK"}')?.id).toBe('segment');
    expect(matchProxiedHit('https://example.com/ingest/e/', '{"event":"$pageview","token":"phc_abc"}')?.id).toBe('posthog');
    expect(matchProxiedHit('https://example.com/stats/api/send', '{"type":"event","payload":{"website":"0f5e2c1a-1b2c-4d5e-8f90-123456789abc","url":"/"}}')?.id).toBe('umami');
  });

  it('keys hits by vendor, property, event and page so that double tagging shows', () => {
    const a = 'https://region1.google-analytics.com/g/collect?v=2&tid=G-ABC123&en=page_view&dl=https%3A%2F%2Fexample.com%2F&_s=1';
    const b = 'https://www.google-analytics.com/g/collect?v=2&tid=G-ABC123&en=page_view&dl=https%3A%2F%2Fexample.com%2F&_s=2';
    expect(hitKey(a)).toBe(hitKey(b));
    expect(hitKey(a)).not.toBe(hitKey(a.replace('G-ABC123', 'G-OTHER1')));
    expect(hitKey('https://example.com/app.js')).toBeNull();
  });

  it('matches cookies by name, and generic names only on their vendor domain', () => {
    expect(matchCookie('_ga')?.id).toBe('ga4');
    expect(matchCookie('_ga_8XK2T4Q1ZP')?.id).toBe('ga4');
    expect(matchCookie('_gid')?.id).toBe('ua');
    expect(matchCookie('_fbp')?.id).toBe('meta_pixel');
    expect(matchCookie('_hjSessionUser_1234567')?.id).toBe('hotjar');
    expect(matchCookie('_clck')?.id).toBe('clarity');
    expect(matchCookie('mp_0123abcd_mixpanel')?.id).toBe('mixpanel');
    expect(matchCookie('ajs_anonymous_id')?.id).toBe('segment');
    expect(matchCookie('_pk_id.1.1fff')?.id).toBe('matomo');
    expect(matchCookie('ph_phc_abc_posthog')?.id).toBe('posthog');
    expect(matchCookie('_gcl_au')?.id).toBe('google_ads');
    expect(matchCookie('fr', '.facebook.com')?.id).toBe('meta_pixel');
    expect(matchCookie('fr')).toBeNull();
    expect(matchCookie('fr', 'example.com')).toBeNull();
    for (const own of ['session', 'PHPSESSID', 'cart', 'lang', 'cookieconsent_status', 'OptanonConsent', 'CookieConsent', '__cf_bm']) {
      expect(matchCookie(own, 'example.com')).toBeNull();
    }
  });

  it('lists the globals capture reads and which of them prove a tag', () => {
    for (const g of ['gtag', 'dataLayer', 'ga', 'analytics', '_paq', 'fbq', 'mixpanel', 'amplitude', 'heap', 'posthog', 'hj', 'clarity']) {
      expect(KNOWN_GLOBALS).toContain(g);
    }
    expect(vendorsOfGlobal('fbq').map((v) => v.id)).toEqual(['meta_pixel']);
    expect(vendorsOfGlobal('dataLayer')).toEqual([]);
  });

  it('names unknown third parties from third-party-web', () => {
    expect(thirdPartyEntity('.doubleclick.net')).toMatchObject({ category: 'ad' });
    expect(thirdPartyEntity('example.com')).toBeNull();
  });
});
