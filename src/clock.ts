// The clock every service reads time from: the system's in production, a test's own in tests.
// Its own module so that the command line's `audit` loads it without the whole runtime.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
