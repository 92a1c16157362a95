// The static assets our pages reference, by path: the server mounts these as they are.
import { REPORT_PAGE_JS } from '../../report/html/progress-script.js';
import { ASSET_PATHS } from '../../html/chrome.js';
import { LANDING_JS } from '../../web/landing-script.js';
import { APP_JS } from '../../web/app/script.js';

export interface WebAsset {
  contentType: string;
  body: string;
}

export const WEB_ASSETS: Readonly<Record<string, WebAsset>> = {
  [ASSET_PATHS.reportJs]: { contentType: 'text/javascript; charset=utf-8', body: REPORT_PAGE_JS },
  [ASSET_PATHS.landingJs]: { contentType: 'text/javascript; charset=utf-8', body: LANDING_JS },
  [ASSET_PATHS.appJs]: { contentType: 'text/javascript; charset=utf-8', body: APP_JS },
};
