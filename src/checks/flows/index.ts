// The flows checks, listed for the registry.
import type { Check } from '../types.js';
import { check as stepFailed } from './step_failed.js';

export const flowsChecks: Check[] = [stepFailed];
