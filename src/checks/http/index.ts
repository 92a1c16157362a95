// The http checks, listed for the registry.
import type { Check } from '../types.js';

export const httpChecks: Check[] = [];
