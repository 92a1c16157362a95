// Evidence types the capture layer fills in, re-exported in one place for its modules.
export type {
  AccessibilityRecord, CookieRecord, LinkRegion, PageEvidence, PerformanceRecord,
} from '../evidence/types.js';

/** The part of a frontier entry the recorder needs. */
export interface FrontierEntryLike {
  url: string;
  depth: number;
  region: import('../evidence/types.js').LinkRegion;
  found_on: string | null;
}
