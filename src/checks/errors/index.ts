// The errors checks, listed for the registry.
import type { Check } from '../types.js';
import { check as blankPage } from './blank_page.js';
import { check as consoleError } from './console_error.js';
import { check as dialogOnLoad } from './dialog_on_load.js';
import { check as hiddenShown } from './hidden_shown.js';
import { check as uncaughtException } from './uncaught_exception.js';

export const errorsChecks: Check[] = [blankPage, consoleError, dialogOnLoad, hiddenShown, uncaughtException];
