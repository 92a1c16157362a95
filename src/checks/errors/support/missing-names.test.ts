import { describe, expect, it } from 'vitest';
import { missingNames, refusedScriptExplains } from './missing-names.js';

describe('the names an error misses, and whether a refused script can be why', () => {
  it.each<[string, string[]]>([
    ['$ is not defined', []],
    ['e.imagesLoaded is not a function', ['imagesLoaded']],
    ["Cannot read properties of undefined (reading 'consent')", ['consent']],
    ['window.Typed is not a constructor', ['window', 'Typed']],
    ["Cannot access 'app' before initialization", ['app']],
  ])('%s → %j', (message, names) => {
    expect(missingNames(message)).toEqual(names);
  });

  it('a library explains anything; a vendor only what names it', () => {
    expect(refusedScriptExplains(['https://code.jquery.com/jquery-3.7.1.min.js'], 'jQuery is not defined')).toBe(true);
    expect(refusedScriptExplains(['https://example-cdn.net/widgets/slider.js'], 'Swiper is not defined')).toBe(true);
    expect(refusedScriptExplains(['https://www.googletagmanager.com/gtag/js?id=G-1'], 'e.imagesLoaded is not a function')).toBe(false);
    expect(refusedScriptExplains(['https://cdn.iubenda.com/iubenda.js'], '_iub is not defined')).toBe(true);
    expect(refusedScriptExplains(['https://cdn.iubenda.com/iubenda.js'], 'iubenda is not defined')).toBe(true);
    expect(refusedScriptExplains(['https://connect.facebook.net/en_US/fbevents.js'], 'fbq is not defined')).toBe(true);
    // A social, form or chat SDK the page's own code calls.
    expect(refusedScriptExplains(['https://connect.facebook.net/en_US/sdk.js'], 'FB is not defined')).toBe(true);
    expect(refusedScriptExplains(['https://platform.twitter.com/widgets.js'], 'twttr is not defined')).toBe(true);
    expect(refusedScriptExplains(['https://js.hsforms.net/forms/v2.js'], "Cannot read properties of undefined (reading 'forms')")).toBe(true);
    expect(refusedScriptExplains(['https://js.hsforms.net/forms/v2.js'], 'hbspt is not defined')).toBe(true);
    expect(refusedScriptExplains(['https://cdn.livechatinc.com/tracking.js'], 'LiveChatWidget is not defined')).toBe(true);
    expect(refusedScriptExplains(['https://cdn.livechatinc.com/tracking.js'], 'e.imagesLoaded is not a function')).toBe(false);
  });
});
