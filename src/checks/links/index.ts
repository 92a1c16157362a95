// The links checks, listed for the registry.
import type { Check } from '../types.js';
import { check as brokenEmail } from './broken_email.js';
import { check as brokenExternal } from './broken_external.js';
import { check as brokenFragment } from './broken_fragment.js';
import { check as brokenInternal } from './broken_internal.js';
import { check as brokenPhone } from './broken_phone.js';

export const linksChecks: Check[] = [brokenEmail, brokenExternal, brokenFragment, brokenInternal, brokenPhone];
