// The security checks, listed for the registry (sorted by id).
import type { Check } from '../types.js';
import { check as cookieMissingSecure } from './cookie_missing_secure.js';
import { check as cookieSamesite } from './cookie_samesite.js';
import { check as corsMisconfiguration } from './cors_misconfiguration.js';
import { check as cspHardening } from './csp_hardening.js';
import { check as insecureForms } from './insecure_forms.js';
import { check as missingCsp } from './missing_csp.js';
import { check as missingFrameProtection } from './missing_frame_protection.js';
import { check as missingHsts } from './missing_hsts.js';
import { check as missingNosniff } from './missing_nosniff.js';
import { check as missingPermissionsPolicy } from './missing_permissions_policy.js';
import { check as missingReferrerPolicy } from './missing_referrer_policy.js';
import { check as privateAddressRequest } from './private_address_request.js';
import { check as sessionCookieMissingHttponly } from './session_cookie_missing_httponly.js';
import { check as unsafeCsp } from './unsafe_csp.js';
import { check as unsafeReferrerPolicy } from './unsafe_referrer_policy.js';
import { check as versionDisclosure } from './version_disclosure.js';
import { check as weakHsts } from './weak_hsts.js';

export const securityChecks: Check[] = [
  cookieMissingSecure,
  cookieSamesite,
  corsMisconfiguration,
  cspHardening,
  insecureForms,
  missingCsp,
  missingFrameProtection,
  missingHsts,
  missingNosniff,
  missingPermissionsPolicy,
  missingReferrerPolicy,
  privateAddressRequest,
  sessionCookieMissingHttponly,
  unsafeCsp,
  unsafeReferrerPolicy,
  versionDisclosure,
  weakHsts,
];
