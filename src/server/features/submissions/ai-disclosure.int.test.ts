import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notStatedDisclosure, type AiDisclosure } from '../../../shared/ai-disclosure';
import { gameDetailSchema } from '../../../shared/games';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { createTestDatabase } from '../../../test-support/server/database';
import type { HttpClient } from '../../../test-support/server/http-client';
import { completePayload, member, pendingSubmission, put } from '../../../test-support/submission-fixtures';
import { selectRows } from '../../db/client';
import { games, submissions } from '../../db/schema';
import { projectPaths } from '../../paths';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const told = completePayload().ai.disclosure;
const withDisclosure = (change: Partial<Record<keyof AiDisclosure, unknown>> | Record<string, unknown>) => {
  const payload = completePayload();
  return { ...payload, ai: { ...payload.ai, disclosure: { ...told, ...change } } };
};
const onDevice = { provider: 'on-device', model: 'Llama 3.2 1B', downloadMb: 900, memoryMb: 1536, webGpu: 'yes', inputGoesTo: 'device' };

async function draftOf(client: HttpClient, payload: object) {
  const response = await client.post('/api/submissions', { payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().submission as { id: number };
}

async function approved(payload: object): Promise<number> {
  const maker = await member(t);
  const moderator = await member(t, 'moderator');
  const id = await pendingSubmission(maker.client, payload as ReturnType<typeof completePayload>);
  const response = await moderator.client.post(`/api/moderation/submissions/${id}/approve`, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json().gameId as number;
}

describe('the disclosure questions, one by one', () => {
  const bad: [string, Record<string, unknown>, string][] = [
    [
      'an unknown time the content is made',
      { generation: 'sometimes' },
      "Say when the AI's content is made: 'sometimes' is not one of the choices",
    ],
    ['no answer to when the content is made', { generation: 'not-stated' }, "Say when the AI's content is made"],
    ['live content with nothing said about safety', { generation: 'live', liveSafety: '' }, 'Say what you do to keep live content safe'],
    [
      'content made both ways with nothing said about safety',
      { generation: 'both', liveSafety: '  ' },
      'Say what you do to keep live content safe',
    ],
    ['a safety note over 500 characters', { liveSafety: 'x'.repeat(501) }, 'What keeps live content safe must be at most 500 characters'],
    ['an unknown provider', { provider: 'skynet' }, "Choose the AI provider: 'skynet' is not one of the choices"],
    ['no provider', { provider: 'not-stated' }, 'Choose the AI provider'],
    ['another provider without its name', { provider: 'other', providerName: '' }, 'Name the provider'],
    ['a provider without the model', { model: '' }, 'Name the model'],
    ['a model name over 80 characters', { model: 'm'.repeat(81) }, 'Model must be at most 80 characters'],
    ['an on-device model without its name', { ...onDevice, model: '' }, 'Name the model that runs on the device'],
    ['an on-device model without its download size', { ...onDevice, downloadMb: null }, 'Give the download size in MB'],
    ['a download of 0 MB', { ...onDevice, downloadMb: 0 }, 'Download size must be at least 1 MB'],
    ['a download size with decimals', { ...onDevice, downloadMb: 1.5 }, 'Download size must be a whole number of megabytes'],
    ['a download size as text', { ...onDevice, downloadMb: '900' }, 'Download size must be a number of megabytes'],
    ['an on-device model without the memory it needs', { ...onDevice, memoryMb: null }, 'Give the memory needed in MB'],
    ['more memory than any device has', { ...onDevice, memoryMb: 2_000_000 }, 'Memory needed must be at most 1000000 MB'],
    [
      'an on-device model without saying whether WebGPU is required',
      { ...onDevice, webGpu: 'not-stated' },
      'Say whether WebGPU is required',
    ],
    ['an unknown WebGPU answer', { ...onDevice, webGpu: 'maybe' }, "Say whether WebGPU is required: 'maybe' is not one of the choices"],
    ['an unknown place the input goes', { inputGoesTo: 'cloud' }, "Say where the player's input goes: 'cloud' is not one of the choices"],
    ['no answer to where the input goes', { inputGoesTo: 'not-stated' }, "Say where the player's input goes"],
    [
      'a third party that is not named',
      { inputGoesTo: 'third-party', inputProviderName: '' },
      'Name the third party that receives the input',
    ],
    [
      'an unknown answer to whether input is kept',
      { inputKept: 'forever' },
      "Say whether the player's input is kept: 'forever' is not one of the choices",
    ],
    ['no answer to whether input is kept', { inputKept: 'not-stated' }, "Say whether the player's input is kept"],
    ['kept for days, without how many', { inputKept: 'days', inputKeptDays: null }, 'Say for how many days the input is kept'],
    ['kept for 0 days', { inputKept: 'days', inputKeptDays: 0 }, 'Days kept must be at least 1'],
    ['kept for more than ten years of days', { inputKept: 'days', inputKeptDays: 4000 }, 'Days kept must be at most 3650'],
    ['kept for a fraction of a day', { inputKept: 'days', inputKeptDays: 2.5 }, 'Days kept must be a whole number'],
    ['an unknown cost', { cost: 'cheap' }, "Say what playing costs: 'cheap' is not one of the choices"],
    ['no answer to what playing costs', { cost: 'not-stated' }, 'Say what playing costs'],
    ['an unknown licence', { licence: 'gpl' }, "Choose the model's licence: 'gpl' is not one of the choices"],
    ['no licence', { licence: 'not-stated' }, "Choose the model's licence"],
    ['another licence without its name', { licence: 'other', licenceName: '' }, 'Name the licence'],
    ['a question the form does not ask', { favouriteColour: 'blue' }, 'Unrecognized key'],
  ];

  let client: HttpClient;
  beforeAll(async () => {
    client = (await member(t)).client;
  });

  it.each(bad)('refuses %s on submit, with its message, writing nothing', async (_name, change, message) => {
    const draft = await draftOf(client, { title: 'Kept as it was' });
    const response = await client.post(`/api/submissions/${draft.id}/submit`, { payload: withDisclosure(change) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid-argument');
    expect(response.json().error.message).toContain(message);
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.id, draft.id));
    expect(row).toMatchObject({ status: 'draft', payload: { title: 'Kept as it was' } });
  });

  it('asks about WebGPU only on device: a cloud model goes without the answer, as the form sends it', async () => {
    const withoutWebGpu = (change: Record<string, unknown>) => {
      const payload = withDisclosure(change);
      delete (payload.ai.disclosure as Record<string, unknown>).webGpu;
      return payload;
    };
    const onDeviceDraft = await draftOf(client, { title: 'On the device' });
    const refused = await client.post(`/api/submissions/${onDeviceDraft.id}/submit`, { payload: withoutWebGpu(onDevice) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('Say whether WebGPU is required');

    const cloudDraft = await draftOf(client, { title: 'In the cloud' });
    const sent = await client.post(`/api/submissions/${cloudDraft.id}/submit`, {
      payload: withoutWebGpu({ provider: 'openai', model: 'gpt-4o-mini' }),
    });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('refuses a draft whose disclosure breaks a rule, keeping the draft as it was', async () => {
    const draft = await draftOf(client, { title: 'Half told', ai: { disclosure: { generation: 'beforehand' } } });
    for (const disclosure of [{ downloadMb: -5 }, { inputKeptDays: 'a month' }, { provider: 'skynet' }, { cost: 7 }]) {
      const response = await put(client, `/api/submissions/${draft.id}`, { payload: { title: 'Changed', ai: { disclosure } } });
      expect(response.statusCode, JSON.stringify(disclosure)).toBe(400);
      expect(response.json().error.code).toBe('invalid-argument');
    }
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.id, draft.id));
    expect(row!.payload).toEqual({ title: 'Half told', ai: { disclosure: { generation: 'beforehand' } } });
  });

  it('lists what the maker said, clearing what does not apply, on the game page and in its answer schema', async () => {
    const said = {
      ...onDevice,
      generation: 'beforehand',
      liveSafety: 'Not asked for content made beforehand',
      inputKept: 'kept',
      inputKeptDays: 12,
      inputProviderName: 'Nobody',
      cost: 'allowance',
      licence: 'llama',
    };
    const gameId = await approved(withDisclosure(said));
    const game = (await client.get(`/api/games/${gameId}`)).json();
    expect(gameDetailSchema.parse(game).aiDisclosure).toEqual({
      ...notStatedDisclosure,
      generation: 'beforehand',
      provider: 'on-device',
      model: 'Llama 3.2 1B',
      downloadMb: 900,
      memoryMb: 1536,
      webGpu: 'yes',
      inputGoesTo: 'device',
      inputKept: 'kept',
      cost: 'allowance',
      licence: 'llama',
    });
  });
});

describe('games listed before the second edition', () => {
  it('are migrated to "not stated" for every question', async () => {
    const database = await createTestDatabase({ contents: 'migrated' });
    try {
      const db = database.database.db;
      // The database as it was before migration 0020, with a game listed then.
      await db.execute(sql`alter table games drop column ai_disclosure`);
      // (so without migration 0029's check either: this database has no categories to give it).
      await db.execute(sql`alter table games disable trigger published_games_have_a_category`);
      await db.execute(sql`insert into games (slug, title, tagline, description, image_path, image_alt, release_date, developer, status)
        values ('listed-long-ago', 'Listed Long Ago', 'Old', 'An old game.', '/covers/humfield.svg', 'Cover', '2020-01-01', 'Old Studio', 'published')`);
      const migration = readFileSync(path.join(projectPaths.migrations, '0020_ai-disclosure-second-edition.sql'), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
      const rows = await selectRows<{ ai_disclosure: unknown }>(
        database.database,
        sql`select ai_disclosure from games where slug = 'listed-long-ago'`,
      );
      expect(rows[0]!.ai_disclosure).toEqual(notStatedDisclosure);
    } finally {
      await database.destroy();
    }
  });

  it('say "not stated" in their answer, and a maker editing one is asked to answer before review', async () => {
    const maker = await member(t);
    const gameId = await approved(completePayload());
    await t.database.db.update(games).set({ ownerId: maker.id, aiDisclosure: notStatedDisclosure }).where(eq(games.id, gameId));
    expect((await maker.client.get(`/api/games/${gameId}`)).json().aiDisclosure).toEqual(notStatedDisclosure);

    const edit = await maker.client.post('/api/submissions', { gameId });
    expect(edit.statusCode, edit.body).toBe(201);
    const { id, payload } = edit.json().submission;
    expect(payload.ai.disclosure).toEqual(notStatedDisclosure);
    const refused = await maker.client.post(`/api/submissions/${id}/submit`);
    expect(refused.statusCode).toBe(400);
    for (const question of [
      "Say when the AI's content is made",
      'Choose the AI provider',
      "Say where the player's input goes",
      'Say what playing costs',
    ]) {
      expect(refused.json().error.message).toContain(question);
    }
  });

  it('sent for review before the second edition are approved with their disclosure not stated', async () => {
    const maker = await member(t);
    const moderator = await member(t, 'moderator');
    const id = await pendingSubmission(maker.client);
    const legacy = completePayload();
    const olderAi: Partial<typeof legacy.ai> = { ...legacy.ai };
    delete olderAi.disclosure;
    await t.database.db
      .update(submissions)
      .set({ payload: { ...legacy, ai: olderAi } })
      .where(eq(submissions.id, id));
    const response = await moderator.client.post(`/api/moderation/submissions/${id}/approve`, {});
    expect(response.statusCode, response.body).toBe(200);
    const game = (await maker.client.get(`/api/games/${response.json().gameId}`)).json();
    expect(game.aiDisclosure).toEqual(notStatedDisclosure);
  });
});

describe('the disclosure filters of /api/games', () => {
  type Page = { total: number; items: { id: string }[]; facets: Record<string, Record<string, number>> };
  const list = async (client: HttpClient, query = ''): Promise<Page> => {
    const response = await client.get(`/api/games?pageSize=100${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const single = ['made', 'provider', 'inputGoes', 'playCost', 'noApiKey'] as const;
  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

  it('counts each option as the total its filter gives, and every facet adds up to the total', async () => {
    const visitor = (await member(t)).client;
    const all = await list(visitor);
    for (const facet of single) expect(sum(all.facets[facet]!), facet).toBe(all.total);
    expect(all.facets.inputGoes!.device).toBeGreaterThan(0);
    expect(all.facets.made!.beforehand).toBeGreaterThan(0);
    expect(all.facets.made!['not-stated']).toBeGreaterThan(0);
    for (const facet of single) {
      for (const [value, count] of Object.entries(all.facets[facet]!)) {
        const filtered = await list(visitor, `&${facet}=${value}`);
        expect(filtered.total, `${facet}=${value}`).toBe(count);
        expect(filtered.items.length).toBe(Math.min(count, 100));
      }
    }
    const noKey = await list(visitor, '&noApiKey=true');
    expect(noKey.total).toBe(all.facets.playCost!.free! + all.facets.playCost!.allowance! + all.facets.playCost!.paid!);
  });

  it('counts each facet with every other filter applied', async () => {
    const visitor = (await member(t)).client;
    const device = await list(visitor, '&inputGoes=device');
    const both = await list(visitor, '&inputGoes=device&made=beforehand');
    expect(device.facets.made!.beforehand).toBe(both.total);
    expect(both.facets.inputGoes!.device).toBe(both.total);
    expect(sum(both.facets.inputGoes!)).toBe((await list(visitor, '&made=beforehand')).total);
  });

  it('leaves out the games a member hid, in the list and in every count', async () => {
    const { client } = await member(t);
    const before = await list(client, '&inputGoes=device');
    const hidden = before.items[0]!.id;
    expect((await client.request({ method: 'PUT', url: `/api/games/${hidden}/not-interested` })).statusCode).toBe(200);
    const after = await list(client, '&inputGoes=device');
    expect(after.items.map((game) => game.id)).not.toContain(hidden);
    expect(after.total).toBe(before.total - 1);
    expect(after.facets.inputGoes!.device).toBe(before.facets.inputGoes!.device! - 1);
    for (const facet of single) expect(sum(after.facets[facet]!), facet).toBe(sum(before.facets[facet]!) - 1);
  });

  it('refuses an unknown value with a clear message', async () => {
    const visitor = (await member(t)).client;
    for (const [query, message] of [
      ['inputGoes=moon', "inputGoes must be one of 'device'"],
      ['made=yesterday', "made must be one of 'beforehand'"],
      ['provider=skynet', "provider must be one of 'openai'"],
      ['playCost=cheap', "playCost must be one of 'free'"],
      ['noApiKey=maybe', 'noApiKey must be true or false'],
    ]) {
      const response = await visitor.get(`/api/games?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });

  it("are described in the OpenAPI document, as is the game answer's disclosure", async () => {
    const document = (await t.app.inject('/api/openapi.json')).json();
    const parameters = document.paths['/api/games'].get.parameters as { name: string; description?: string }[];
    for (const name of single) {
      const parameter = parameters.find((p) => p.name === name);
      expect(parameter?.description, name).toEqual(expect.any(String));
    }
    const text = JSON.stringify(document.paths['/api/games/{id}']);
    for (const field of ['inputGoesTo', 'inputKeptDays', 'downloadMb', 'webGpu', 'licenceName', 'liveSafety'])
      expect(text).toContain(field);
  });
});
