// The consent-matrix driver: the start page's no-interaction load is the crawl's own; when a banner
// was found there, the start page is loaded again in fresh contexts after "reject" and "accept",
// in the run's page slots so it overlaps the crawl instead of stalling it. The loads may start as
// soon as the banner is known; the no-interaction row waits for the start page's whole record.
import type { ConsentEvidence, PageEvidence } from '../../evidence/types.js';
import type { ConsentBanner } from '../consent.js';
import type { RunSession } from '../session/run-session.js';
import { loadWithConsent, loadWithoutInteraction } from './consent-loads.js';

/** The consent loads need this much time left to be worth starting. */
const MIN_TIME_LEFT_MS = 4000;

export async function captureConsentMatrix(session: RunSession, startUrl: string, banner: ConsentBanner, start: Promise<PageEvidence>): Promise<ConsentEvidence> {
  if (!banner.detected) return { banner, loads: [loadWithoutInteraction(await start)] };
  const loads = await Promise.all(
    (['reject', 'accept'] as const).map((mode) =>
      session.slots.use(async () => {
        if (session.left() < MIN_TIME_LEFT_MS) {
          session.notes.push(`consent matrix: no time left for the "${mode}" load`);
          return null;
        }
        const ctx = await session.newContext();
        try {
          const opts = session.pageOptions();
          return (await loadWithConsent(ctx, startUrl, mode, { isBlocked: opts.isBlocked, isStubbed: opts.isStubbed, blockedReason: opts.blockedReason, upstreamError: opts.upstreamError, servedFromCopy: opts.servedFromCopy, deadline: session.deadline, keepImage: session.thumbnailKeeper(), maskTexts: session.maskTexts })).load;
        } finally {
          await session.closeContext(ctx);
        }
      }, { side: true }),
    ),
  );
  return { banner, loads: [loadWithoutInteraction(await start), ...loads.filter((l): l is NonNullable<typeof l> => l !== null)] };
}
