// The beat battle itself: its name, its deadline, and whether judges may see
// who made each entry. One battle is current (the newest); the first call
// seeds it, so every database (development, tests, production) has an open one
// that the admin then names and dates.
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { ALREADY_ENTERED, BATTLE_CLOSED } from "../../../app/kernel/schemas/beatbattle";
import { type BeatBattle, beatBattleEntries, beatBattles } from "../../db/schema";
import type { Deps } from "../deps";
import { Conflict } from "../errors";

export const SEEDED_BATTLE = { id: "origins", title: "Origins Beat Battle" } as const;
/** The seeded battle stays open this long after it is first needed. */
const SEEDED_BATTLE_DAYS = 60;

export interface BattleView {
  id: string;
  title: string;
  deadline: string;
  /** What the winner gets, in the admin's words; empty until announced. */
  prize: string;
  open: boolean;
  revealed: boolean;
}

export function battleView(deps: Pick<Deps, "now">, battle: BeatBattle): BattleView {
  return {
    id: battle.id,
    title: battle.title,
    deadline: battle.deadline.toISOString(),
    prize: battle.prize,
    open: battle.deadline.getTime() > deps.now(),
    revealed: battle.revealed,
  };
}

/** The current battle's row (none on a new database). */
export const newest = (deps: Pick<Deps, "db">) =>
  deps.db.select().from(beatBattles).orderBy(desc(beatBattles.createdAt)).limit(1);

/** The current battle's id as a subquery, so a page's other statements key on it in the same round trip. */
export const newestId = (deps: Pick<Deps, "db">) =>
  deps.db.select({ id: beatBattles.id }).from(beatBattles).orderBy(desc(beatBattles.createdAt)).limit(1);

export async function currentBattle(deps: Pick<Deps, "db" | "now">): Promise<BeatBattle> {
  const [battle] = await newest(deps);
  return battle ?? seedBattle(deps);
}

/** The first call on a database with no battle seeds one (idempotent, so a repeated page read is harmless). */
async function seedBattle(deps: Pick<Deps, "db" | "now">): Promise<BeatBattle> {
  const deadline = new Date(deps.now() + SEEDED_BATTLE_DAYS * 24 * 60 * 60 * 1000);
  await deps.db
    .insert(beatBattles)
    .values({ ...SEEDED_BATTLE, deadline })
    .onConflictDoNothing();
  const [seeded] = await deps.db.select().from(beatBattles).where(eq(beatBattles.id, SEEDED_BATTLE.id));
  return seeded!;
}

/** The current battle if it is open and the member has no entry in it yet; refuses with the reason otherwise. */
export async function assertCanEnter(deps: Pick<Deps, "db" | "now">, userId: string): Promise<BeatBattle> {
  const battle = await currentBattle(deps);
  if (battle.deadline.getTime() <= deps.now()) throw new Conflict(BATTLE_CLOSED, undefined, "battle_closed");
  if (await hasEntered(deps, battle.id, userId)) throw new Conflict(ALREADY_ENTERED, undefined, "already_entered");
  return battle;
}

export async function hasEntered(deps: Pick<Deps, "db">, battleId: string, userId: string) {
  const [entry] = await deps.db
    .select({ id: beatBattleEntries.id })
    .from(beatBattleEntries)
    .where(and(eq(beatBattleEntries.battleId, battleId), eq(beatBattleEntries.userId, userId)));
  return Boolean(entry);
}

/** The member's own entry as the battle's page shows it ("You're in"). */
export interface OwnEntry {
  number: number;
  projectTitle: string;
  producerName: string;
  createdAt: string;
}

/**
 * The current battle, how many entries it has, and this member's entry (null: a visitor, or not
 * entered) in one D1 round trip (ADR 024): both are looked up against the newest battle in SQL.
 */
export async function battleForPage(deps: Pick<Deps, "db" | "now">, userId: string | null) {
  const entry = deps.db
    .select({
      number: beatBattleEntries.number,
      projectTitle: beatBattleEntries.projectTitle,
      producerName: beatBattleEntries.producerName,
      createdAt: beatBattleEntries.createdAt,
    })
    .from(beatBattleEntries)
    .where(and(inArray(beatBattleEntries.battleId, newestId(deps)), eq(beatBattleEntries.userId, userId ?? "")));
  const counted = deps.db
    .select({ entries: count() })
    .from(beatBattleEntries)
    .where(inArray(beatBattleEntries.battleId, newestId(deps)));
  const [[battle], [own], [tally]] = await deps.db.batch([newest(deps), entry, counted]);
  // No battle yet (a new database): seeded now, so nobody has entered it.
  if (!battle) return { battle: await seedBattle(deps), entered: false, entry: null, entries: 0 };
  const mine: OwnEntry | null = userId && own ? { ...own, createdAt: own.createdAt.toISOString() } : null;
  return { battle, entered: mine !== null, entry: mine, entries: Number(tally?.entries ?? 0) };
}

/** The admin renames the current battle, names its prize or moves its deadline. */
export async function updateBattle(
  deps: Pick<Deps, "db" | "now">,
  settings: { title: string; deadline: Date; prize?: string },
) {
  const battle = await currentBattle(deps);
  const [updated] = await deps.db
    .update(beatBattles)
    .set({
      title: settings.title,
      deadline: settings.deadline,
      ...(settings.prize === undefined ? {} : { prize: settings.prize }),
    })
    .where(eq(beatBattles.id, battle.id))
    .returning();
  return battleView(deps, updated!);
}

export async function setRevealed(deps: Pick<Deps, "db" | "now">, revealed: boolean) {
  const battle = await currentBattle(deps);
  const [updated] = await deps.db
    .update(beatBattles)
    .set({ revealed })
    .where(eq(beatBattles.id, battle.id))
    .returning();
  return battleView(deps, updated!);
}
