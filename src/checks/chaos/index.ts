// The chaos checks, listed for the registry.
import type { Check } from '../types.js';
import { check as breakage } from './breakage.js';

export const chaosChecks: Check[] = [breakage];
