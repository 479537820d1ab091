import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameBuildParamsSchema, gameBuildSchema, pendingBuildPageSchema, pendingBuildQuerySchema } from '../../../shared/build-schemas';
import { approveSchema, moderationNoteSchema } from '../../../shared/submissions';
import type { FeatureOptions } from '../../feature-options';
import { errorResponses, signedInErrors } from '../../http/error-responses';
import { audienceOf, mailNotification } from '../notifications';
import type { GameUrls } from './game-urls';
import { decideBuild, pendingBuilds, playBuild, type BuildDecision, type BuildOutcome } from './review';

type App = Parameters<FastifyPluginAsyncZod<FeatureOptions>>[0];

const decisionSummaries: Record<BuildDecision, string> = {
  approve: 'Approves a pending build version (staff, never on their own game): it becomes the version that plays',
  reject: 'Rejects a pending build version with a note for its maker (staff, never on their own game)',
};

/** The moderators' review of builds, and the maker's choice of which approved version plays. */
export async function buildReviewRoutes(app: App, { database, accounts, config }: FeatureOptions, urls: GameUrls): Promise<void> {
  const { db } = database;
  const { sessions, messenger } = accounts;
  const staff = (request: Parameters<typeof sessions.requireRole>[0]) => sessions.requireRole(request, 'moderator', 'admin');
  /** The bell always has it; e-mail only for a maker who chose it for moderation notices. */
  const mailIfChosen = async ({ makerId, notification }: BuildOutcome) => {
    if (!makerId || !notification) return;
    const { email } = await audienceOf(db, [makerId], 'moderation');
    if (email.length > 0) await mailNotification(db, messenger, app.log, makerId, notification, config.baseUrl);
  };

  app.get(
    '/moderation/builds',
    {
      schema: {
        summary: 'Build versions waiting for review, oldest first, with signed preview addresses (staff)',
        querystring: pendingBuildQuerySchema,
        response: { 200: pendingBuildPageSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      await staff(request);
      reply.header('cache-control', 'no-store');
      return pendingBuilds(db, urls, request.query.page, request.query.pageSize);
    },
  );

  const decision = (name: BuildDecision, body: typeof approveSchema | typeof moderationNoteSchema) =>
    app.post(
      `/moderation/games/:id/builds/:version/${name}`,
      {
        schema: {
          summary: decisionSummaries[name],
          params: gameBuildParamsSchema,
          body,
          response: { 200: gameBuildSchema, ...signedInErrors, ...errorResponses(412) },
        },
      },
      async (request, reply) => {
        const actor = await staff(request);
        const outcome = await decideBuild(db, urls, actor, request.params.id, request.params.version, name, request.body.note);
        await mailIfChosen(outcome);
        return reply.header('cache-control', 'no-store').send(outcome.build);
      },
    );
  decision('approve', approveSchema);
  decision('reject', moderationNoteSchema);

  app.post(
    '/games/:id/builds/:version/play',
    {
      schema: {
        summary: 'Chooses which approved version of its build a game plays (its maker only): a rollback, or forward again',
        params: gameBuildParamsSchema,
        response: { 200: gameBuildSchema, ...signedInErrors, ...errorResponses(412) },
      },
    },
    async (request, reply) => {
      const actor = await sessions.requireUser(request);
      return reply.header('cache-control', 'no-store').send(await playBuild(db, urls, actor, request.params.id, request.params.version));
    },
  );
}
