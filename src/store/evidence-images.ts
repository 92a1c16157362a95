// Images taken during a run (screenshots), stored beside its evidence bundle and read by id when a
// report shows them. Saved with the evidence; deleted with the run.
import type { Kysely } from 'kysely';
import { iso } from './codec.js';
import type { Database } from './schema.js';
import type { StoreTx } from './transaction.js';

export interface StoredImage {
  content_type: string;
  data: Buffer;
}

export interface EvidenceImagesRepo {
  saveAll(runId: string, images: { id: string; content_type: string; data: Buffer }[], now: Date, tx?: StoreTx): Promise<void>;
  get(runId: string, id: string): Promise<StoredImage | undefined>;
}

export function createEvidenceImagesRepo(db: Kysely<Database>): EvidenceImagesRepo {
  return {
    async saveAll(runId, images, now, tx) {
      if (images.length === 0) return;
      const ex = tx?.db ?? db;
      // A re-capture replaces the run's images: its bundle refers to the new ones only.
      await ex.deleteFrom('evidence_images').where('run_id', '=', runId).execute();
      for (const img of images) {
        await ex.insertInto('evidence_images').values({ run_id: runId, id: img.id, content_type: img.content_type, data: img.data, created_at: iso(now) }).execute();
      }
    },
    async get(runId, id) {
      const row = await db.selectFrom('evidence_images').select(['content_type', 'data']).where('run_id', '=', runId).where('id', '=', id).executeTakeFirst();
      return row && { content_type: row.content_type, data: Buffer.from(row.data) };
    },
  };
}
