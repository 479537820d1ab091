// What a member's own rows say (their bell's counts, their favourites), kept on each instance
// until an event on their topic says it changed (decision 0079). Every change to such rows
// publishes on the member's topic, and the hub hands each instance every event, so a kept fact
// is dropped everywhere once the change has committed. A change committed on this instance, by
// the member or by anyone else, forgets at once (committed-here.ts): a request that follows the
// writer's answer here must not wait for the event.
import { userTopic } from '../../shared/live';
import type { Db } from '../db/client';
import type { LiveHub, LiveSubscriber } from './hub';
import { publish } from './publish';

/** Members with something kept, per instance; the longest kept go first past this. */
const MEMBERS_KEPT = 10_000;

/** A safety net for an event this instance never heard: the hub's sweep finds a missed one within 10 s. */
const MAX_AGE_MS = 60_000;

interface Kept {
  value: Promise<unknown>;
  keptAt: number;
}

interface Member {
  facts: Map<string, Kept>;
  subscriber: LiveSubscriber;
}

/** Per hub: each app (and each test's app) has its own. */
const membersByHub = new WeakMap<LiveHub, Map<string, Member>>();

function membersOf(live: LiveHub): Map<string, Member> {
  let members = membersByHub.get(live);
  if (!members) membersByHub.set(live, (members = new Map()));
  return members;
}

/** Drops everything kept for the member on this instance, and stops listening for them. */
function forgetMember(live: LiveHub, userId: string): void {
  const members = membersOf(live);
  const member = members.get(userId);
  if (!member) return;
  members.delete(userId);
  live.drop([userTopic(userId)], member.subscriber);
}

function memberOf(live: LiveHub, userId: string): Member {
  const members = membersOf(live);
  let member = members.get(userId);
  if (member) return member;
  const forget = () => forgetMember(live, userId);
  const subscriber: LiveSubscriber = {
    event: forget,
    changedHere: forget,
    // The hub is closing and lets go of every subscriber: nothing kept may outlive its events.
    end: () => void members.delete(userId),
    inProcess: true,
  };
  member = { facts: new Map(), subscriber };
  members.set(userId, member);
  live.subscribe([userTopic(userId)], subscriber);
  if (members.size > MEMBERS_KEPT) forgetMember(live, members.keys().next().value!);
  return member;
}

/**
 * The member's `name` facts: as kept on this instance, or read now and kept until an event on
 * their topic. A read under way is shared; one that fails is not kept. A change that commits
 * while a read is under way drops it (the read is from before or after the change, and nobody
 * can tell which), so the next asks again.
 */
export function keptForMember<T>(live: LiveHub, userId: string, name: string, read: () => Promise<T>): Promise<T> {
  const { facts } = memberOf(live, userId);
  const now = Date.now();
  const kept = facts.get(name);
  if (kept && now - kept.keptAt < MAX_AGE_MS) return kept.value as Promise<T>;
  const value = read();
  const entry = { value, keptAt: now };
  facts.set(name, entry);
  value.catch(() => {
    if (facts.get(name) === entry) facts.delete(name);
  });
  return value;
}

/**
 * A write to the member's own rows, with its event on their topic (`payload`) in the same
 * transaction: every instance drops what it kept of them once it commits, this one at once
 * (committed-here.ts).
 */
export async function writeMemberFacts<T>(
  db: Db,
  userId: string,
  payload: Record<string, unknown>,
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await write(tx);
    await publish(tx, userTopic(userId), payload);
    return result;
  });
}
