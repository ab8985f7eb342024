import type { FastifyInstance } from 'fastify';
import { profileRoutes } from '@pmw/contract/partner-profile';
import { AppError } from '../../errors';
import { answer, route, type RouteContext } from '../../http/route';
import type { IfscProvider } from '../../providers/ifsc';
import type { DocumentsService } from '../documents/documents.service';
import type { BanksService } from './banks.service';
import type { ProfileService } from './profile.service';
import { say } from '@pmw/contract/texts/said';

/** Profile, documents, banks and the IFSC lookup under /api/v2/partner. */
export function registerProfileRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { profile: ProfileService; documents: DocumentsService; banks: BanksService; ifsc: IfscProvider },
) {
  const { profile, documents, banks, ifsc } = deps;

  route(app, ctx, profileRoutes.basicFetch, async ({ session }) => profile.fetch(session.subjectId));
  route(app, ctx, profileRoutes.basicUpdate, async ({ session, body }) =>
    answer(await profile.update(session.subjectId, body), say('profile.updated')),
  );

  route(app, ctx, profileRoutes.documentFetch, async ({ session, query }) => {
    if (query.user_id !== undefined && query.user_id !== session.subjectId) throw new AppError('FORBIDDEN', say('kyc.ownDocumentsSee'));
    return documents.list(session.subjectId);
  });
  route(app, ctx, profileRoutes.documentAdd, async ({ session, body }) => {
    const saved = await documents.add({ kind: 'worker', id: session.subjectId }, body);
    return answer(saved, say('profile.documentAdded'));
  });

  route(app, ctx, profileRoutes.bankFetch, async ({ session }) => banks.list(session.subjectId));
  route(app, ctx, profileRoutes.bankAdd, async ({ session, body }) => {
    if (body.user_id !== undefined && body.user_id !== session.subjectId) throw new AppError('FORBIDDEN', say('profile.ownBanks'));
    return answer(await banks.add(session.subjectId, body), say('profile.bankAdded'));
  });
  route(app, ctx, profileRoutes.upiAdd, async ({ session, body }) =>
    answer(await banks.addUpi(session.subjectId, body.upi_id), say('profile.upiAdded')),
  );
  route(app, ctx, profileRoutes.bankSetDefault, async ({ session, body }) =>
    answer(await banks.setDefault(session.subjectId, body.bank_detail_id), say('profile.defaultSet')),
  );

  route(app, ctx, profileRoutes.bankRemove, async ({ session, body }) =>
    answer(await banks.remove(session.subjectId, body.bank_detail_id), say('profile.bankRemoved')),
  );

  route(app, ctx, profileRoutes.ifscLookup, async ({ params }) => {
    const found = await ifsc.lookup(params.ifsc);
    return found.valid ? found : answer(found, say('profile.ifscUnknown'));
  });
}
