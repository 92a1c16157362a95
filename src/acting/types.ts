// What the acting engine performs: one step of a flow (or a persona's move), with its variables
// already known by name. A flow-spec v1 step is an ActStep; the engine does not depend on flows.
import type { StepTargetIdentity } from '../evidence/types.js';

export type ActAction =
  | 'goto' | 'click' | 'fill' | 'select' | 'check' | 'uncheck' | 'press' | 'wait_for'
  | 'expect_text' | 'expect_no_text' | 'expect_url' | 'expect_status' | 'expect_visible' | 'expect_no_errors';

export interface ActStep {
  id: string;
  action: ActAction;
  /** The element as the spec names it (a button's name, a field's label). */
  target?: string;
  /** Typed or chosen value; `{{VAR}}` placeholders are filled from the run's variables. */
  value?: string;
  url?: string;
  key?: string;
  text?: string;
  status?: number;
  /** expect_no_errors: console errors count too (by default only exceptions, rejections and the site's 5xx do). */
  console_errors?: boolean;
  timeout_ms?: number;
  /** The identity the element had when the step first passed; replays are checked against it. */
  pinned?: (StepTargetIdentity & { pinned_at?: string }) | null;
}

/** The run's variables: names → values. Every value is treated as a secret in the evidence. */
export type Variables = Readonly<Record<string, string>>;

export const DEFAULT_STEP_TIMEOUT_MS = 5000;
