// The vendor table: analytics, tag managers, ad pixels and session replay, as data.
import { fact, jsonField, jsonAll, params, ga4Hits, uaHits, queryHits, jsonHits, googleAdsHits, segmentHits, fathomHits, matomoHits, mixpanelHits, amplitudeHits, metaHits, adobeHits, q, pathId, gtagJs, noHits } from './vendor-hits.js';
import type { Vendor } from './vendor-types.js';

// ---------------------------------------------------------------------------------------------
// The vendor table. Order matters where patterns overlap: the first match wins.

export const VENDORS: readonly Vendor[] = [
  {
    id: 'ga4', name: 'Google Analytics 4', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [gtagJs('G')],
    beacon: [
      { host: 'google-analytics.com', path: /^\/g\/collect$/ },
      { host: 'analytics.google.com', path: /^\/g\/collect$/ },
      { host: 'stats.g.doubleclick.net', path: /^\/g\/collect$/ },
      // Server-side tagging on the site's own domain keeps the GA4 protocol.
      { host: '*', path: /\/g\/collect$/, query: /[?&]tid=G-[A-Z0-9]+/i },
    ],
    cookies: ['_ga', '_ga_*', 'FPID', 'FPLC', 'FPAU', 'FPGCLAW'],
    globals: [], hint_globals: ['gtag'],
    snippets: [/googletagmanager\.com\/gtag\/js\?id=G-/i, /gtag\(\s*['"]config['"]\s*,\s*['"]G-/],
    hits: ga4Hits, scriptId: q('id'),
  },
  {
    id: 'ua', name: 'Universal Analytics', kind: 'analytics', needs_consent: true, auto_hit: true, sunset: '2023-07-01',
    script: [
      { host: 'google-analytics.com', path: /^\/(?:analytics|analytics_debug|ga|urchin|u\/analytics)\.js$/ },
      gtagJs('UA'),
    ],
    beacon: [
      { host: 'google-analytics.com', path: /^\/(?:r\/|j\/)?collect$/ },
      { host: 'google-analytics.com', path: /^\/__utm\.gif$/ },
      { host: 'stats.g.doubleclick.net', path: /^\/(?:r\/|j\/)?collect$/ },
    ],
    cookies: ['_gid', '_gat', '_gat_*', '_dc_gtm_*', '__utma', '__utmb', '__utmc', '__utmt', '__utmt_*', '__utmz', '__utmv', 'AMP_TOKEN', '_gac_*'],
    globals: ['_gaq', 'GoogleAnalyticsObject'], hint_globals: ['ga'],
    snippets: [/google-analytics\.com\/(?:analytics|ga)\.js/i, /['"]UA-\d+-\d+['"]/],
    hits: uaHits, scriptId: q('id'),
  },
  {
    id: 'gtm', name: 'Google Tag Manager', kind: 'tag_manager', needs_consent: false, auto_hit: false,
    script: [
      { host: 'googletagmanager.com', path: /^\/gtm\.js$/ },
      { host: '*', path: /\/gtm\.js$/, query: /[?&]id=GTM-/i },
    ],
    // Sampled tag diagnostics pings, not visitor hits; answered locally like any beacon.
    beacon: [{ host: 'googletagmanager.com', path: /^\/(?:a|td)$/, query: /[?&]id=(?:GTM|G|GT|AW|DC)-/i }],
    cookies: [],
    globals: ['google_tag_manager'], hint_globals: ['dataLayer'],
    snippets: [/googletagmanager\.com\/gtm\.js/i, /['"]GTM-[A-Z0-9]{4,}['"]/],
    // The diagnostics ping names whichever tag sent it; only a GTM- id is this container's.
    hits: (u) => [fact({ id: /^GTM-/i.test(u.searchParams.get('id') ?? '') ? u.searchParams.get('id') : null })], scriptId: q('id'),
  },
  {
    id: 'google_tag', name: 'Google tag (GT- container)', kind: 'tag_manager', needs_consent: false, auto_hit: false,
    script: [gtagJs('GT')], beacon: [], cookies: [], globals: [], hits: noHits, scriptId: q('id'),
  },
  {
    id: 'google_ads', name: 'Google Ads / Floodlight', kind: 'advertising', needs_consent: true, auto_hit: false,
    script: [gtagJs('AW|DC'), { host: 'googleadservices.com', path: /^\/pagead\/conversion(?:_async)?\.js$/ }],
    beacon: [
      { host: 'googleadservices.com', path: /^\/pagead\/conversion\// },
      { host: /(?:^|\.)google\.[a-z]{2,3}(?:\.[a-z]{2})?$/, path: /^\/pagead\/(?:1p-conversion|1p-user-list)\// },
      { host: 'googleads.g.doubleclick.net', path: /^\/pagead\/viewthroughconversion\// },
      { host: 'td.doubleclick.net', path: /^\/td\/(?:ga\/)?rul\// },
      { host: 'ad.doubleclick.net', path: /^\/activityi?;/ },
      { host: 'fls.doubleclick.net', path: /^\/activityi?;/ },
    ],
    cookies: ['_gcl_*', '__gads', '__gpi', '__eoi', { name: 'IDE', domain: 'doubleclick.net' },
      { name: 'test_cookie', domain: 'doubleclick.net' }, { name: 'DSID', domain: 'doubleclick.net' }],
    globals: [], hint_globals: ['google_trackConversion'],
    hits: googleAdsHits, scriptId: q('id'),
  },
  {
    id: 'segment', name: 'Segment', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: 'cdn.segment.com', path: /^\/(?:analytics\.js\/v1\/|analytics-next\/)/ }],
    beacon: [
      { host: 'api.segment.io', path: /^\/v1\/(?:t|p|i|g|a|s|m|b|batch|track|page|identify|group|alias|screen)$/ },
      { host: 'segmentapis.com', path: /^\/v1\/(?:t|p|i|g|a|s|m|b|batch|track|page|identify|group|alias|screen)$/ },
    ],
    proxied: [{ path: /\/v1\/(?:t|p|i|g|a|s|m|b|batch|track|page|identify|group|alias|screen)$/, body: /"writeKey"\s*:\s*"/ }],
    cookies: ['ajs_anonymous_id', 'ajs_user_id', 'ajs_group_id'],
    globals: [], hint_globals: ['analytics'],
    hits: segmentHits, scriptId: pathId(/^\/analytics\.js\/v1\/([^/]+)\//),
  },
  {
    id: 'plausible', name: 'Plausible', kind: 'analytics', needs_consent: false, auto_hit: true,
    script: [{ host: 'plausible.io', path: /^\/js\/[^/]+\.js$/ }],
    beacon: [{ host: 'plausible.io', path: /^\/api\/event$/ }],
    proxied: [{ path: /\/api\/event$/, body: /^\s*\{.*"(?:n|name)"\s*:\s*"[^"]*".*"(?:u|url)"\s*:\s*"https?:/s }],
    cookies: [], globals: ['plausible'],
    hits: (u, b) => [fact({ id: jsonField(b, 'd') ?? jsonField(b, 'domain'), event: jsonField(b, 'n') ?? jsonField(b, 'name'),
      location: jsonField(b, 'u') ?? jsonField(b, 'url'), pageview: (jsonField(b, 'n') ?? jsonField(b, 'name')) === 'pageview' })],
  },
  {
    id: 'fathom', name: 'Fathom Analytics', kind: 'analytics', needs_consent: false, auto_hit: true,
    script: [{ host: 'cdn.usefathom.com', path: /^\/script\.js$/ }],
    beacon: [{ host: 'usefathom.com', path: /^\/$/, query: /[?&]sid=/ }],
    cookies: [], globals: ['fathom'], hits: fathomHits,
  },
  {
    id: 'matomo', name: 'Matomo (Piwik)', kind: 'analytics', needs_consent: true, cookieless_exempt: true, auto_hit: true,
    script: [
      { host: '*', path: /\/(?:matomo|piwik)\.js$/ },
      { host: 'cdn.matomo.cloud', path: /\.js$/ },
      { host: '*', path: /\/js\/container_[A-Za-z0-9]+\.js$/ },
    ],
    beacon: [
      { host: '*', path: /\/(?:matomo|piwik)\.php$/ },
      // The official WordPress plugin's REST endpoint, and Matomo's js/ proxy used as a tracker endpoint.
      { host: '*', path: /\/wp-json\/matomo\/v1\/hit\/?$/ },
      { host: '*', path: /\/index\.php$/, query: /[?&]rest_route=(?:%2F|\/)matomo(?:%2F|\/)v1(?:%2F|\/)hit/i },
      { host: '*', path: /\/js\/(?:index\.php|tracker\.php)?$/, query: /^(?=.*[?&]idsite=)(?=.*[?&]rec=1)/ },
    ],
    // Piwik PRO uses the same _pk_ cookies; both need consent, so the first match is fine.
    cookies: ['_pk_*', 'MATOMO_SESSID', 'PIWIK_SESSID'],
    globals: ['Matomo', 'Piwik'], hint_globals: ['_paq'],
    snippets: [/\/(?:matomo|piwik)\.js/],
    hits: matomoHits,
  },
  {
    id: 'piwik_pro', name: 'Piwik PRO', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: /\.containers\.piwik\.pro$/, path: /\.js$/ }, { host: '*', path: /\/ppms\.js$/ }],
    beacon: [{ host: '*', path: /\/ppms\.php$/ }],
    cookies: [], globals: ['ppms'], hint_globals: ['_paq'],
    hits: (u, b) => matomoHits(u, b),
  },
  {
    id: 'mixpanel', name: 'Mixpanel', kind: 'analytics', needs_consent: true, auto_hit: false,
    script: [{ host: 'mxpnl.com', path: /\/libs\/mixpanel/ }],
    beacon: [{ host: 'mixpanel.com', path: /^\/(?:track|engage|groups|record)\/?$/ }],
    cookies: ['mp_*_mixpanel'], globals: ['mixpanel'], hits: mixpanelHits,
  },
  {
    id: 'amplitude', name: 'Amplitude', kind: 'analytics', needs_consent: true, auto_hit: false,
    script: [{ host: 'cdn.amplitude.com', path: /^\/(?:libs|script)\// }],
    beacon: [
      { host: 'api2.amplitude.com', path: /^\/(?:2\/httpapi|batch)$/ },
      { host: 'api.eu.amplitude.com', path: /^\/(?:2\/httpapi|batch)$/ },
      { host: 'api.amplitude.com', path: /^\/$/ },
      { host: 'api-sr.amplitude.com', path: /^\/sessions\// },
    ],
    cookies: ['AMP_*', 'amp_*'], globals: ['amplitude'], hits: amplitudeHits,
  },
  {
    id: 'heap', name: 'Heap', kind: 'analytics', needs_consent: true, auto_hit: false,
    script: [{ host: 'cdn.heapanalytics.com', path: /^\/js\/heap-/ }, { host: 'heap-api.com', path: /^\/config\// }],
    beacon: [{ host: 'heapanalytics.com', path: /^\/(?:h|api\/[a-z_]+)$/ }, { host: 'heap-api.com', path: /^\/api\// }],
    cookies: ['_hp2_*', '_hp5_*'], globals: ['heap'],
    hits: queryHits({ id: 'a', event: 't', location: 'u' }), scriptId: pathId(/^\/js\/heap-(\d+)\.js$/),
  },
  {
    id: 'posthog', name: 'PostHog', kind: 'analytics', needs_consent: true, auto_hit: false,
    script: [{ host: 'posthog.com', path: /^\/static\/(?:array|recorder|surveys)[\w.-]*\.js$/ }],
    beacon: [{ host: 'posthog.com', path: /^\/(?:e|i\/v0\/e|batch|capture|track|engage|s)\/?$/ }],
    proxied: [{ path: /\/(?:e|i\/v0\/e|batch|capture)\/?$/, body: /"(?:token|api_key)"\s*:\s*"phc_/ }],
    cookies: ['ph_*_posthog'], globals: ['posthog'],
    hits: jsonHits({ id: 'token', event: 'event', location: '\\$current_url' }, (e) => e === '$pageview'),
  },
  {
    id: 'hotjar', name: 'Hotjar', kind: 'session_replay', needs_consent: true, auto_hit: false,
    script: [{ host: 'static.hotjar.com', path: /^\/c\/hotjar-\d+\.js$/ }, { host: 'script.hotjar.com', path: /\.js$/ }],
    beacon: [
      { host: 'in.hotjar.com', path: /^\/api\/v\d\/client\/sites\/\d+\/visit-data/ },
      { host: 'ws.hotjar.com', path: /^\/api\/v\d\/client\/ws/ },
      { host: 'content.hotjar.io', path: /^\// },
      { host: 'metrics.hotjar.io', path: /^\// },
    ],
    cookies: ['_hj*'], globals: ['_hjSettings'], hint_globals: ['hj'],
    hits: (u) => [fact({ id: /\/sites\/(\d+)\//.exec(u.pathname)?.[1] ?? u.searchParams.get('site_id') })],
    scriptId: pathId(/^\/c\/hotjar-(\d+)\.js$/),
  },
  {
    id: 'clarity', name: 'Microsoft Clarity', kind: 'session_replay', needs_consent: true, auto_hit: false,
    script: [{ host: 'www.clarity.ms', path: /^\/tag\/[a-z0-9]+$/i }, { host: 'scripts.clarity.ms', path: /\/clarity\.js$/ }],
    beacon: [{ host: 'clarity.ms', path: /^\/collect$/ }],
    cookies: ['_clck', '_clsk', { name: 'CLID', domain: 'clarity.ms' }, { name: 'MUID', domain: 'clarity.ms' }],
    // `clarity` is a queue stub that consent managers define too (tarteaucitron's bingConsentMode, for every
    // visitor): a hint; the loaded tag, its cookies or its hits prove Clarity.
    globals: [], hint_globals: ['clarity'], hits: noHits, scriptId: pathId(/^\/tag\/([a-z0-9]+)$/i),
  },
  {
    id: 'adobe_analytics', name: 'Adobe Analytics', kind: 'analytics', needs_consent: true, auto_hit: false,
    script: [{ host: '*', path: /\/AppMeasurement(?:\.min)?\.js$/i }, { host: '*', path: /\/s_code\.js$/ }, { host: '*', path: /\/alloy(?:\.min)?\.js$/ }],
    beacon: [
      // Image requests to /b/ss/<report suite>/ on Adobe's hosts or a first-party CNAME.
      { host: '*', path: /\/b\/ss\/[^/]+\/\d/ },
      { host: 'adobedc.net', path: /^\/ee\/(?:[a-z0-9-]+\/)?v1\/(?:interact|collect)$/ },
      { host: '*', path: /\/ee\/(?:[a-z0-9-]+\/)?v1\/(?:interact|collect)$/, query: /[?&]configId=/ },
    ],
    cookies: ['s_vi', 's_fid', 's_cc', 's_sq', 's_ppv', 's_ecid', 'AMCV_*', 'AMCVS_*', 'kndctr_*', { name: 'demdex', domain: 'demdex.net' }],
    globals: ['s_gi', 'alloy', 'AppMeasurement'], hits: adobeHits,
  },
  {
    id: 'adobe_launch', name: 'Adobe Experience Platform Launch', kind: 'tag_manager', needs_consent: false, auto_hit: false,
    script: [{ host: 'assets.adobedtm.com', path: /\.js$/ }],
    beacon: [], cookies: [], globals: ['_satellite'], hits: noHits,
  },
  {
    id: 'meta_pixel', name: 'Meta (Facebook) pixel', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 'connect.facebook.net', path: /^\/(?:[a-zA-Z_]+\/fbevents\.js|signals\/config\/)/ }],
    beacon: [
      { host: 'facebook.com', path: /^\/tr\/?$/ },
      { host: 'facebook.com', path: /^\/privacy_sandbox\/pixel\/register\/trigger\/?$/ },
    ],
    cookies: ['_fbp', '_fbc', { name: 'fr', domain: 'facebook.com' }],
    globals: ['fbq', '_fbq'], snippets: [/connect\.facebook\.net\/[a-zA-Z_]+\/fbevents\.js/],
    hits: metaHits, scriptId: pathId(/^\/signals\/config\/(\d+)/),
  },
  {
    id: 'linkedin', name: 'LinkedIn Insight Tag', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 'snap.licdn.com', path: /^\/li\.lms-analytics\/insight(?:\.min|\.beta)?\.js$/ }],
    beacon: [{ host: 'px.ads.linkedin.com', path: /^\/(?:collect|wa|attribution_trigger)\b/ }, { host: 'dc.ads.linkedin.com', path: /^\/(?:collect|wa)\b/ }],
    cookies: ['li_fat_id', 'li_sugr', 'li_giant', { name: 'bcookie', domain: 'linkedin.com' }, { name: 'lidc', domain: 'linkedin.com' },
      { name: 'UserMatchHistory', domain: 'linkedin.com' }, { name: 'AnalyticsSyncHistory', domain: 'linkedin.com' }],
    globals: ['_linkedin_partner_id', '_linkedin_data_partner_ids', 'lintrk'],
    hits: queryHits({ id: 'pid', event: 'conversionId', location: 'url' }, (p) => !p.get('conversionId')),
  },
  {
    id: 'tiktok', name: 'TikTok pixel', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 'analytics.tiktok.com', path: /^\/i18n\/pixel\// }],
    beacon: [{ host: 'analytics.tiktok.com', path: /^\/api\/v\d\/pixel/ }],
    cookies: ['_ttp', '_tt_enable_cookie', 'ttcsid', 'ttcsid_*'], globals: ['ttq'],
    hits: jsonHits({ id: 'pixel_code', event: 'event', location: 'url' }, (e) => e === 'Pageview'),
    scriptId: q('sdkid'),
  },
  {
    id: 'pinterest', name: 'Pinterest tag', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 's.pinimg.com', path: /^\/ct\/(?:core|lib\/.+)\.js$/ }],
    beacon: [{ host: 'ct.pinterest.com', path: /^\/(?:v3|user)\/?$/ }],
    cookies: ['_pin_unauth', '_pinterest_ct_ua', '_pinterest_ct_rt', '_epik', '_derived_epik', { name: '_pinterest_sess', domain: 'pinterest.com' }],
    globals: ['pintrk'],
    hits: queryHits({ id: 'tid', event: 'event', location: 'pd' }, (p) => p.get('event') === 'pagevisit'),
  },
  {
    id: 'twitter', name: 'X (Twitter) pixel', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 'static.ads-twitter.com', path: /^\/(?:uwt|oct)\.js$/ }],
    beacon: [{ host: 't.co', path: /^\/(?:1\/)?i\/adsct$/ }, { host: 'analytics.twitter.com', path: /^\/(?:1\/)?i\/adsct$/ }],
    cookies: ['_twclid', { name: 'muc_ads', domain: 't.co' }, { name: 'personalization_id', domain: 'twitter.com' },
      { name: 'guest_id*', domain: 'twitter.com' }, { name: 'personalization_id', domain: 'x.com' }, { name: 'guest_id*', domain: 'x.com' }],
    globals: ['twq'],
    hits: queryHits({ id: 'txn_id', event: 'events', location: 'tw_document_href' }, (p) => /pageview/i.test(p.get('events') ?? '')),
  },
  {
    id: 'snowplow', name: 'Snowplow', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: 'cdn.jsdelivr.net', path: /\/@snowplow\/javascript-tracker/ }],
    beacon: [
      { host: '*', path: /\/com\.snowplowanalytics\.snowplow\/tp2$/ },
      { host: '*', path: /^\/i$/, query: /[?&]tv=js-[\d.]+/ },
    ],
    cookies: ['_sp_id.*', '_sp_ses.*'], globals: ['GlobalSnowplowNamespace'], hint_globals: ['snowplow'],
    hits: (u, b) => {
      const bags = u.pathname.endsWith('/i') ? [params(u, b)] : jsonAll(b, 'e').map((e, i) => new URLSearchParams({ e, aid: jsonAll(b, 'aid')[i] ?? '', url: jsonAll(b, 'url')[i] ?? '' }));
      return bags.map((p) => fact({ id: p.get('aid') || null, event: p.get('e'), location: p.get('url') || null, pageview: p.get('e') === 'pv' }));
    },
  },
  {
    id: 'simple_analytics', name: 'Simple Analytics', kind: 'analytics', needs_consent: false, auto_hit: true,
    script: [{ host: 'scripts.simpleanalyticscdn.com', path: /\.js$/ }],
    beacon: [{ host: 'queue.simpleanalyticscdn.com', path: /^\// }],
    cookies: [], globals: ['sa_event', 'sa_loaded'],
    hits: (u, b) => [fact({ id: jsonField(b, 'hostname') ?? u.searchParams.get('hostname'), event: jsonField(b, 'type') ?? u.searchParams.get('type'),
      location: jsonField(b, 'path') ?? u.searchParams.get('path'), pageview: (jsonField(b, 'type') ?? u.searchParams.get('type')) === 'pageview' })],
  },
  {
    id: 'umami', name: 'Umami', kind: 'analytics', needs_consent: false, auto_hit: true,
    script: [{ host: 'cloud.umami.is', path: /^\/script\.js$/ }, { host: '*', path: /\/umami\.js$/ }],
    beacon: [{ host: 'cloud.umami.is', path: /^\/api\/send$/ }, { host: 'api-gateway.umami.dev', path: /^\/api\/send$/ }],
    proxied: [{ path: /\/api\/send$/, body: /"type"\s*:\s*"(?:event|identify)".*"website"\s*:\s*"[0-9a-f-]{36}"/s }],
    cookies: [], globals: ['umami'],
    hits: (_u, b) => [fact({ id: jsonField(b, 'website'), event: jsonField(b, 'name') ?? 'pageview', location: jsonField(b, 'url'), pageview: !jsonField(b, 'name') })],
  },
  {
    // count.js skips hits from localhost and private addresses unless told otherwise (allow_local).
    id: 'goatcounter', name: 'GoatCounter', kind: 'analytics', needs_consent: false, auto_hit: true,
    script: [{ host: 'gc.zgo.at', path: /^\/count(?:\.v\d+)?\.js$/ }],
    beacon: [
      { host: 'goatcounter.com', path: /^\/count$/ },
      // Self-hosted: count.js's own parameter set (page, screen, cache buster) on a /count endpoint.
      { host: '*', path: /\/count$/, query: /^(?=.*[?&]p=)(?=.*[?&]s=\d+(?:%2C|,)\d+)(?=.*[?&]rnd=)/i },
    ],
    cookies: [], globals: ['goatcounter'],
    hits: (u) => {
      const event = /^(?:true|1|on)$/.test(u.searchParams.get('e') ?? '');
      const code = u.hostname.endsWith('.goatcounter.com') ? u.hostname.split('.')[0]! : u.hostname;
      return [fact({ id: code, event: event ? u.searchParams.get('p') : 'pageview', location: event ? null : u.searchParams.get('p'), pageview: !event })];
    },
  },
  {
    id: 'pirsch', name: 'Pirsch', kind: 'analytics', needs_consent: false, auto_hit: true,
    script: [{ host: 'api.pirsch.io', path: /^\/(?:pa|pirsch(?:-extended|-events|-sessions)?)(?:\.min)?\.js$/ }],
    beacon: [{ host: 'api.pirsch.io', path: /^\/(?:api\/v1\/)?(?:hit|event|session)$|^\/p\/(?:pv|e|s)$/ }],
    cookies: [], globals: ['pirsch'],
    hits: (u, b) => {
      const p = params(u, b);
      const pageview = /\/(?:hit|pv)$/.test(u.pathname);
      return [fact({ id: p.get('code') ?? jsonField(b, 'identification_code'), event: pageview ? 'pageview' : p.get('event_name') ?? jsonField(b, 'event_name'), location: p.get('url') ?? jsonField(b, 'url'), pageview })];
    },
  },
  {
    id: 'yandex_metrica', name: 'Yandex Metrica', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: /^mc\.yandex\.[a-z.]+$/, path: /^\/metrika\/(?:tag|watch)(?:_ww)?\.js$/ }, { host: 'cdn.jsdelivr.net', path: /^\/npm\/yandex-metrica-watch\// }],
    beacon: [{ host: /^mc\.yandex\.[a-z.]+$/, path: /^\/(?:watch|webvisor|clmap)\/\d+/ }, { host: 'mc.webvisor.org', path: /^\/(?:watch|webvisor|clmap)\/\d+/ }],
    cookies: ['_ym_*', { name: 'yandexuid', domain: 'yandex.ru' }, { name: 'yuidss', domain: 'yandex.ru' }],
    globals: ['ym'], hint_globals: ['Ya'],
    hits: (u) => [fact({ id: /^\/\w+\/(\d+)/.exec(u.pathname)?.[1] ?? null, location: u.searchParams.get('page-url') })],
  },
  {
    id: 'bing_uet', name: 'Microsoft Advertising UET', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 'bat.bing.com', path: /^\/(?:bat\.js|p\/action\/\d+\.js)$/ }],
    beacon: [{ host: 'bat.bing.com', path: /^\/action\// }, { host: 'bat.bing.net', path: /^\/action\// }],
    cookies: ['_uetsid', '_uetvid', '_uetmsclkid', { name: 'MUID', domain: 'bing.com' }, { name: 'MR', domain: 'bing.com' }],
    // `uetq` is the snippet's (and consent managers') queue array; `UET` is defined by bat.js itself.
    globals: ['UET'], hint_globals: ['uetq'],
    hits: queryHits({ id: 'ti', event: 'evt', location: 'p' }, (p) => p.get('evt') === 'pageLoad'),
  },
  {
    id: 'hubspot', name: 'HubSpot analytics', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: 'hs-scripts.com', path: /^\/\d+\.js$/ }, { host: 'hs-analytics.net', path: /^\/analytics\/.+\.js$/ }],
    beacon: [{ host: 'hubspot.com', path: /^\/__pt[qc]\.gif$/ }],
    cookies: ['__hstc', 'hubspotutk', '__hssc', '__hssrc'], globals: ['_hsq'],
    hits: queryHits({ id: 'a', event: 'k', location: 'u' }), scriptId: pathId(/^\/(\d+)\.js$/),
  },
  {
    id: 'cloudflare_web_analytics', name: 'Cloudflare Web Analytics', kind: 'analytics', needs_consent: false, auto_hit: false,
    script: [{ host: 'static.cloudflareinsights.com', path: /^\/beacon(?:\.min)?\.js/ }],
    beacon: [{ host: '*', path: /^\/cdn-cgi\/rum$/ }],
    cookies: [], globals: ['__cfBeacon'],
    hits: (_u, b) => [fact({ id: jsonField(b, 'siteToken'), location: jsonField(b, 'location') })],
  },
  {
    id: 'vercel_analytics', name: 'Vercel Web Analytics', kind: 'analytics', needs_consent: false, auto_hit: true,
    script: [{ host: 'va.vercel-scripts.com', path: /\/script(?:\.debug)?\.js$/ }, { host: '*', path: /^\/_vercel\/insights\/script\.js$/ }],
    beacon: [{ host: '*', path: /^\/_vercel\/insights\/(?:view|event|session)$/ }],
    cookies: [], globals: [], hint_globals: ['va'],
    hits: (u, b) => [fact({ event: u.pathname.endsWith('/view') ? 'pageview' : jsonField(b, 'en'), location: jsonField(b, 'o'), pageview: u.pathname.endsWith('/view') })],
  },
  {
    id: 'fullstory', name: 'FullStory', kind: 'session_replay', needs_consent: true, auto_hit: false,
    script: [{ host: 'edge.fullstory.com', path: /^\/s\/fs\.js$/ }],
    beacon: [{ host: 'rs.fullstory.com', path: /^\/rec\// }],
    cookies: ['fs_uid', 'fs_lua', 'fs_cid'], globals: ['_fs_namespace'], hint_globals: ['FS'],
    hits: (u) => [fact({ id: u.searchParams.get('OrgId') })],
  },
  {
    id: 'reddit_pixel', name: 'Reddit pixel', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 'redditstatic.com', path: /^\/ads\/pixel\.js$/ }],
    beacon: [{ host: 'alb.reddit.com', path: /^\/rp\.gif$/ }],
    cookies: ['_rdt_uuid', '_rdt_cid'], globals: ['rdt'],
    hits: queryHits({ id: 'id', event: 'event', location: 'uuid' }, (p) => p.get('event') === 'PageVisit'),
  },
  {
    id: 'snap_pixel', name: 'Snap pixel', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 'sc-static.net', path: /^\/scevent\.min\.js$/ }],
    beacon: [{ host: 'tr.snapchat.com', path: /^\/(?:p|cm\/[a-z]+|gated\/.*)$/ }],
    cookies: ['_scid', '_scid_r', '_sctr', { name: 'sc_at', domain: 'snapchat.com' }], globals: ['snaptr'],
    hits: queryHits({ id: 'pid', event: 'ev', location: 'pl' }, (p) => p.get('ev') === 'PAGE_VIEW'),
  },
  {
    id: 'criteo', name: 'Criteo OneTag', kind: 'advertising', needs_consent: true, auto_hit: false,
    script: [{ host: 'static.criteo.net', path: /^\/js\/ld\/ld\.js$/ }, { host: 'dynamic.criteo.com', path: /^\/js\/ld\/ld\.js$/ }],
    beacon: [{ host: 'criteo.com', path: /^\/(?:m\/)?event$/ }],
    cookies: ['cto_bundle', 'cto_bidid', { name: 'uid', domain: 'criteo.com' }], globals: ['criteo_q'],
    hits: queryHits({ id: 'a' }),
  },
  {
    id: 'baidu_tongji', name: 'Baidu Tongji', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: 'hm.baidu.com', path: /^\/hm\.js$/ }],
    beacon: [{ host: 'hm.baidu.com', path: /^\/hm\.gif$/ }],
    cookies: ['Hm_lvt_*', 'Hm_lpvt_*', 'HMACCOUNT'], globals: ['_hmt'],
    hits: queryHits({ id: 'si', event: 'et', location: 'u' }), scriptId: (u) => u.search.slice(1) || null,
  },
  {
    // Umeng's web analytics, formerly CNZZ: the stat script takes the site id (`z_stat.php?id=…`).
    id: 'cnzz', name: 'CNZZ (Umeng)', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: /^(?:s\d+|v\d+|w|c)\.cnzz\.com$/, path: /^\/(?:z_stat\.php|c\.php|core\.php|stat\.php)$/ }],
    beacon: [{ host: /^(?:hzs\d+|z\d+|ca\d+)\.cnzz\.com$/, path: /^\/(?:stat\.htm|app\.htm)$/ }],
    cookies: ['CNZZDATA*', 'UM_distinctid'], globals: ['_czc'],
    hits: queryHits({ id: 'id', location: 'p' }), scriptId: (u) => u.searchParams.get('id') || u.searchParams.get('web_id'),
  },
  {
    // Busuanzi ("不蒜子"), the page-view counter of many Chinese blogs and books: a script (on its own host
    // or a jsDelivr mirror) that asks its server for the counts by JSONP and writes them in the page.
    id: 'busuanzi', name: 'Busuanzi counter', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [
      { host: 'busuanzi.ibruce.info', path: /^\/busuanzi\/[\d.]+\/busuanzi(?:\.pure)?\.mini\.js$/ },
      { host: 'cdn.jsdelivr.net', path: /^\/(?:gh|npm)\/[\w.-]+\/busuanzi@?[^/]*\/.*\.js$/i },
    ],
    beacon: [{ host: 'busuanzi.ibruce.info', path: /^\/busuanzi$/ }],
    cookies: [{ name: 'busuanziId', domain: 'busuanzi.ibruce.info' }], globals: ['bszCaller', 'bszTag'],
    hits: () => [fact({ id: null, event: 'pageview', location: null, pageview: true })],
  },
  {
    // ClustrMaps, the visitor map and counter of many academic pages (academicpages, al-folio): a script
    // (`map_v2.js?d=<site key>`, or the globe) that draws where the site's visitors came from and counts
    // this one. Which request counts the visit is the service's own business: no beacon is claimed.
    id: 'clustrmaps', name: 'ClustrMaps visitor map', kind: 'analytics', needs_consent: true, auto_hit: false,
    script: [{ host: 'clustrmaps.com', path: /^\/(?:map_v2|globe)\.js$/ }],
    beacon: [], cookies: [], globals: [], hits: noHits, scriptId: q('d'),
  },
  {
    // WordPress.com and Jetpack sites: `_stq.push(['view', {blog, post, …}])`, a pixel per page view.
    id: 'jetpack_stats', name: 'Jetpack Stats', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: 'stats.wp.com', path: /^\/(?:e-\d+|w|s-\d+)\.js$/ }],
    beacon: [{ host: 'pixel.wp.com', path: /^\/[gt]\.gif$/, query: /[?&]blog=\d+/ }],
    cookies: [], globals: ['_stq'],
    hits: queryHits({ id: 'blog', location: 'host' }, (p) => p.get('v') === 'ext' || p.has('post')),
  },
  {
    id: 'clicky', name: 'Clicky', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: 'static.getclicky.com', path: /^\/(?:js|\d+(?:\.js)?)$/ }],
    beacon: [{ host: 'in.getclicky.com', path: /^\/in\.php$/ }],
    cookies: ['_jsuid', '_first_pageview', '_eventqueue', '_referrer_og', '_utm_og', 'heatmaps_g2g_*'], globals: ['clicky', 'clicky_site_ids'],
    hits: queryHits({ id: 'site_id', event: 'type', location: 'href' }, (p) => (p.get('type') ?? 'pageview') === 'pageview'),
  },
  {
    id: 'statcounter', name: 'StatCounter', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: 'statcounter.com', path: /^\/counter\/counter(?:_xhtml)?\.js$/ }],
    beacon: [{ host: 'c.statcounter.com', path: /^\/t\.php$/ }],
    cookies: ['sc_is_visitor_unique', 'is_unique'], globals: ['sc_project'],
    hits: queryHits({ id: 'sc_project', location: 'u' }),
  },
];

// ---------------------------------------------------------------------------------------------
// Matchers.
