// The privacy checks, listed for the registry.
import type { Check } from '../types.js';
import { check as thirdPartyCookies } from './third_party_cookies.js';
import { check as trackingAfterReject } from './tracking_after_reject.js';
import { check as trackingBeforeConsent } from './tracking_before_consent.js';

export const privacyChecks: Check[] = [thirdPartyCookies, trackingAfterReject, trackingBeforeConsent];
