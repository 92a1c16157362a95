// The tracking checks, listed for the registry.
import type { Check } from '../types.js';
import { check as duplicateHits } from './duplicate_hits.js';
import { check as inconsistentIds } from './inconsistent_ids.js';
import { check as installedNotFiring } from './installed_not_firing.js';
import { check as missingOnPages } from './missing_on_pages.js';
import { check as noHitAfterConsent } from './no_hit_after_consent.js';
import { check as noneDetected } from './none_detected.js';
import { check as tagWithoutHit } from './tag_without_hit.js';

export const trackingChecks: Check[] = [duplicateHits, inconsistentIds, installedNotFiring, missingOnPages, noHitAfterConsent, noneDetected, tagWithoutHit];
