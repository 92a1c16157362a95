// The a11y checks, listed for the registry.
import type { Check } from '../types.js';

export const a11yChecks: Check[] = [];
