// One Durable Object per auction bid item, named by its short code. It owns
// the item's price, state and offers in its SQLite storage. An offer is
// checked and written in one synchronous block (no `await` between read and
// write), so the object's input gate serialises concurrent offers: none is
// lost, none accepted below the price it raced with. That block is all an
// offer's answer waits for: the D1 write-through is sent right after it
// without being awaited (the row stays `dirty`, with an alarm behind it, until
// D1 has the version), and watchers (hibernating WebSockets) get the change
// in the next turn, after the answer has gone, one message per turn however
// many offers it covered: a small `delta` (ADR 061), encoded once for all.
import { DurableObject } from "cloudflare:workers";
import {
  encodeServerMessage,
  HISTORY_LENGTH,
  type HistoryEntry,
  type ItemState,
  PING,
  PONG,
  SYNC,
} from "../../../app/kernel/protocols/bid-item";
import { DELTA_VERSION } from "../../../app/kernel/protocols/bid-item-schema";
import { type BidMode, maskName, SOFT_CLOSE_MS } from "../../../app/kernel/schemas/auction";
import { formatMoney } from "../../../app/kernel/schemas/money";
import { database } from "../../db/client";
import { mailSender } from "../../mail";
import { lotState } from "./lot-state";
import { proxyBid } from "./proxy";

export type Bidder = {
  userId: string;
  username: string;
  email: string;
  /** The member's per-item pseudonym (`bidderTag`): what watchers see of who leads. */
  tag: string;
  /** The app's origin the bid came through, for the links in the object's e-mails. */
  origin?: string;
};

export type Offer = {
  id: number;
  userId: string;
  username: string;
  email: string;
  /** The bid placed (for a private raise of a maximum: the price at the time). */
  amountCents: number;
  /** The bidder's maximum with this bid (a plain offer's is its amount). */
  maxCents: number;
  /** 'offer' and 'maximum' are the member's; 'auto' was placed by the object for the leader's maximum. */
  kind: "offer" | "maximum" | "auto" | "raise";
  tag: string;
  status: "accepted" | "approved";
  createdAt: number;
};

/** What the bidder learns of their own bid: the item, whether they lead, and their maximum (private). */
export type OfferOutcome =
  | { ok: true; offerId: number; item: ItemState; leading: boolean; maxCents: number }
  | {
      ok: false;
      code: "NOT_FOUND" | "SALE_CLOSED" | "TOO_LOW";
      message: string;
      item: ItemState | null;
    };

/** At most one outbid e-mail per member and item in this long. */
export const OUTBID_MAIL_EVERY_MS = 10 * 60 * 1000;

const WRITE_THROUGH_RETRY_MS = 5_000;

/**
 * Soft close (ADR 006): the end after a bid at `bidAt` that moved the price or the leader is at least
 * two minutes after the bid, and never earlier than it was.
 */
export function softCloseEnd(endsAt: number, bidAt: number): number {
  return Math.max(endsAt, bidAt + SOFT_CLOSE_MS);
}

/** The header by which the Worker tells the object which member a watcher is (never the client's own). */
export const BIDDER_TAG_HEADER = "x-bidder-tag";

function outbidMail(title: string, item: ItemState, link: string) {
  return {
    subject: `You've been outbid on ${title}`,
    text: `Someone bid more than your maximum on "${title}". The price is now ${formatMoney(item.priceCents)}.\n\nBid again: ${link}\n`,
  };
}

function wonMail(item: { title: string; priceCents: number }, link: string) {
  return {
    subject: `You won ${item.title}`,
    text: `The sale of "${item.title}" has closed and you are the winner at ${formatMoney(item.priceCents)}.\n\nThe item: ${link}\n`,
  };
}

/**
 * The watcher's upgrade answer agrees to no WebSocket extension (ADR 028, "Compression"). workerd
 * negotiates `Sec-WebSocket-Extensions` itself (MANUAL mode): a header on the Worker's 101 is the
 * server's own configuration, and one that names no permessage-deflate setting leaves nothing to
 * agree on, so the handshake answer carries no extension at all. (The documented "empty string"
 * reads as no header, and workerd then agrees to whatever the client offered, as browsers always
 * offer permessage-deflate.) Without it every state frame was deflated once per socket, each
 * socket kept a zlib context, and every receiver inflated it: for 5,000 watchers of one item
 * that was the larger part of a fan-out's CPU time, to save ~100 bytes a frame.
 */
const NO_EXTENSIONS = "none";

/** The object's answer to a watcher, as the Worker gives it to the client: the same socket, no compression. */
export function watcherAnswer(answer: Response): Response {
  if (!answer.webSocket) return answer;
  return new Response(null, {
    status: 101,
    webSocket: answer.webSocket,
    headers: { "Sec-WebSocket-Extensions": NO_EXTENSIONS },
  });
}

/** The item as the object's SQLite holds it: the protocol's columns, then the private ones. */
type ItemRow = ItemState & {
  dirty: number;
  leaderId: string | null;
  leaderMaxCents: number | null;
  leaderName: string | null;
  leaderEmail: string | null;
  origin: string | null;
};
const ITEM_COLUMNS =
  "short_code AS shortCode, title, price_cents AS priceCents, status, ends_at AS endsAt, version, " +
  "bid_count AS bids, leader_tag AS leader, dirty, leader_id AS leaderId, leader_max_cents AS leaderMaxCents, " +
  "leader_name AS leaderName, leader_email AS leaderEmail, origin";
const OFFER_COLUMNS =
  "id, user_id AS userId, username, email, amount_cents AS amountCents, max_cents AS maxCents, kind, tag, status, created_at AS createdAt";
/** Columns added after the first objects were created: added to their tables on wake (ALTER TABLE … ADD COLUMN). */
const ADDED_COLUMNS: Record<string, string[]> = {
  item: [
    "bid_count INTEGER NOT NULL DEFAULT 0",
    "leader_id TEXT",
    "leader_tag TEXT",
    "leader_max_cents INTEGER",
    "leader_name TEXT",
    "leader_email TEXT",
    "origin TEXT",
  ],
  offers: [
    "max_cents INTEGER NOT NULL DEFAULT 0",
    "kind TEXT NOT NULL DEFAULT 'offer'",
    "tag TEXT NOT NULL DEFAULT ''",
  ],
};

export class BidItem extends DurableObject<Env> {
  /** Watchers sent to per turn of a broadcast (a test lowers it to see a broadcast span turns). */
  static broadcastSlice = 250;
  private readonly sql: SqlStorage;
  /** A broadcast is queued for the next turn (it sends whatever state is current then). */
  private broadcastQueued = false;
  /**
   * What every watcher has been told: the item's version and the newest bid's id at the last
   * broadcast. The next broadcast is a delta from it. In memory only: an object hibernates only with
   * nothing queued, so when it wakes every watcher has the current state (their snapshot on connect,
   * or the last broadcast) and the constructor starts from there. A watcher that did miss something
   * sees the gap (`from` after its version) and asks for a snapshot.
   */
  private told: { version: number; offerId: number };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS item (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        short_code TEXT NOT NULL, title TEXT NOT NULL, price_cents INTEGER NOT NULL,
        status TEXT NOT NULL DEFAULT 'open', ends_at INTEGER, version INTEGER NOT NULL DEFAULT 0,
        dirty INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE IF NOT EXISTS offers (
        id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, username TEXT NOT NULL, email TEXT NOT NULL,
        amount_cents INTEGER NOT NULL, status TEXT NOT NULL DEFAULT 'accepted', created_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS outbid_mail (user_id TEXT PRIMARY KEY, sent_at INTEGER NOT NULL);
    `);
    for (const [table, columns] of Object.entries(ADDED_COLUMNS)) {
      const have = new Set(
        this.sql
          .exec<{ name: string }>(`PRAGMA table_info(${table})`)
          .toArray()
          .map((c) => c.name),
      );
      for (const column of columns)
        if (!have.has(column.split(" ")[0]!)) this.sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column}`);
    }
    this.told = this.sql
      .exec<{ version: number; offerId: number }>(
        "SELECT coalesce((SELECT version FROM item WHERE id = 1), 0) AS version, coalesce((SELECT max(id) FROM offers), 0) AS offerId",
      )
      .one();
  }

  private row(): ItemRow | null {
    return this.sql.exec<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM item WHERE id = 1`).toArray()[0] ?? null;
  }

  private view(row: ItemRow): ItemState {
    const { shortCode, title, priceCents, status, endsAt, version, bids, leader } = row;
    return { shortCode, title, priceCents, status, endsAt, version, bids, leader };
  }

  /** Creates the item once; later calls return it unchanged. */
  async open(init: {
    shortCode: string;
    title: string;
    priceCents: number;
    endsAt: number | null;
  }): Promise<ItemState> {
    if (!this.row()) {
      this.sql.exec(
        "INSERT INTO item (id, short_code, title, price_cents, ends_at, version, dirty) VALUES (1, ?, ?, ?, ?, 1, 1)",
        init.shortCode,
        init.title,
        init.priceCents,
        init.endsAt,
      );
      // No one watched before the item existed: its first delta starts at its first version.
      this.told = { version: 1, offerId: 0 };
      if (init.endsAt) await this.ctx.storage.setAlarm(init.endsAt);
    }
    return this.view(this.row()!);
  }

  state(): ItemState | null {
    const row = this.row();
    return row ? this.view(row) : null;
  }

  /**
   * A bid: a plain offer (`mode: "offer"`) or a maximum the object bids up to for the bidder (ADR
   * 038, `proxyBid`). One synchronous block reads, decides and writes, so bids are serialised.
   */
  async offer(bidder: Bidder, amountCents: number, mode: BidMode = "offer"): Promise<OfferOutcome> {
    // ── one synchronous block: read, check, write ──
    const row = this.row();
    const now = Date.now();
    if (!row) return { ok: false, code: "NOT_FOUND", message: "This item does not exist.", item: null };
    if (row.status === "closed" || (row.endsAt !== null && now >= row.endsAt)) {
      return { ok: false, code: "SALE_CLOSED", message: "This sale is closed.", item: this.view(row) };
    }
    const leader = row.leaderId === null ? null : { id: row.leaderId, maxCents: row.leaderMaxCents ?? row.priceCents };
    const outcome = proxyBid(row.priceCents, leader, bidder.userId, amountCents, mode);
    if (!outcome.ok) return { ok: false, code: "TOO_LOW", message: outcome.message, item: this.view(row) };
    // Soft close: a bid that moves the price or the leader (a private raise of a maximum moves neither)
    // leaves at least 2 minutes after itself: the end becomes max(end, bid time + 2 min). Late bids do
    // not add up (three in the last minute end 2 minutes after the last, not 6 after the end), and the
    // end never moves backwards, even if the clock steps back.
    const moved = outcome.priceCents !== row.priceCents || outcome.leaderId !== row.leaderId;
    const endsAt = moved && row.endsAt !== null ? softCloseEnd(row.endsAt, now) : row.endsAt;
    // The alarm that soft-closes the sale, and the one that backs the write-through should this object
    // stop before D1 has the change (alarms run at least once). The object has one alarm: the earlier wins,
    // and alarm() sets the next. Set only when one of them is new, so most offers write no alarm.
    const backupAt = row.dirty ? null : now + WRITE_THROUGH_RETRY_MS;
    const alarmAt =
      endsAt !== row.endsAt || backupAt !== null ? Math.min(endsAt ?? Infinity, backupAt ?? Infinity) : null;
    const insert = (
      who: { id: string; name: string; email: string; tag: string },
      cents: number,
      max: number,
      kind: Offer["kind"],
    ) =>
      this.sql
        .exec<{ id: number }>(
          "INSERT INTO offers (user_id, username, email, amount_cents, max_cents, kind, tag, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
          who.id,
          who.name,
          who.email,
          cents,
          max,
          kind,
          who.tag,
          now,
        )
        .one().id;
    const me = { id: bidder.userId, name: bidder.username, email: bidder.email, tag: bidder.tag };
    const offerId =
      outcome.bidCents === null
        ? insert(me, row.priceCents, amountCents, "raise")
        : insert(me, outcome.bidCents, amountCents, mode);
    const leads = outcome.leaderId === bidder.userId;
    if (outcome.autoCents !== null && leader)
      insert(
        { id: leader.id, name: row.leaderName ?? "", email: row.leaderEmail ?? "", tag: row.leader ?? "" },
        outcome.autoCents,
        leader.maxCents,
        "auto",
      );
    const placed = (outcome.bidCents === null ? 0 : 1) + (outcome.autoCents === null ? 0 : 1);
    const newLeader = leads
      ? { id: me.id, tag: me.tag, name: me.name, email: me.email }
      : { id: row.leaderId, tag: row.leader, name: row.leaderName, email: row.leaderEmail };
    const item = this.view(
      this.sql
        .exec<ItemRow>(
          `UPDATE item SET price_cents = ?, ends_at = ?, bid_count = bid_count + ?, leader_id = ?, leader_tag = ?,
             leader_max_cents = ?, leader_name = ?, leader_email = ?, origin = coalesce(?, origin),
             version = version + 1, dirty = 1
           WHERE id = 1 RETURNING ${ITEM_COLUMNS}`,
          outcome.priceCents,
          endsAt,
          placed,
          newLeader.id,
          newLeader.tag,
          outcome.leaderMaxCents,
          newLeader.name,
          newLeader.email,
          bidder.origin ?? null,
        )
        .one(),
    );
    // Who this bid displaced as leader, told by e-mail at most once per OUTBID_MAIL_EVERY_MS.
    const outbid =
      leads && row.leaderId !== null && row.leaderId !== bidder.userId
        ? this.claimOutbidMail(row.leaderId, now)
        : false;
    // ── end of the synchronous block ──
    // Storage writes, the alarm's included, are confirmed before the answer leaves (output gate).
    if (alarmAt !== null && alarmAt !== Infinity) this.ctx.storage.setAlarm(alarmAt);
    this.ctx.waitUntil(this.writeThrough());
    if (outbid && row.leaderEmail)
      this.ctx.waitUntil(
        this.mail(
          row.leaderEmail,
          outbidMail(row.title, item, this.itemLink(row.shortCode, bidder.origin ?? row.origin)),
        ),
      );
    this.queueBroadcast();
    this.queueYou(bidder.tag, leads ? outcome.leaderMaxCents : amountCents);
    return { ok: true, offerId, item, leading: leads, maxCents: leads ? outcome.leaderMaxCents : amountCents };
  }

  /** Reserves the member's outbid e-mail for this item, unless one went out in the last 10 minutes. */
  private claimOutbidMail(userId: string, now: number): boolean {
    const claimed = this.sql
      .exec(
        `INSERT INTO outbid_mail (user_id, sent_at) VALUES (?, ?)
         ON CONFLICT (user_id) DO UPDATE SET sent_at = excluded.sent_at WHERE sent_at <= ?
         RETURNING user_id`,
        userId,
        now,
        now - OUTBID_MAIL_EVERY_MS,
      )
      .toArray();
    return claimed.length > 0;
  }

  async close(): Promise<ItemState | null> {
    const row = this.row();
    if (!row) return null;
    if (row.status === "open") {
      this.sql.exec("UPDATE item SET status = 'closed', version = version + 1, dirty = 1 WHERE id = 1");
      this.queueBroadcast();
      const closed = this.row()!;
      if (closed.leaderEmail)
        this.ctx.waitUntil(
          this.mail(closed.leaderEmail, wonMail(closed, this.itemLink(closed.shortCode, closed.origin))),
        );
      await this.writeThrough();
    }
    return this.view(this.row()!);
  }

  /** Only the leading bid of an open sale can be approved, once (lot-state.ts decides). */
  approveOffer(offerId: number): { ok: true; offer: Offer } | { ok: false; reason: "missing" | "not-allowed" } {
    const offer = this.sql.exec<Offer>(`SELECT ${OFFER_COLUMNS} FROM offers WHERE id = ?`, offerId).toArray()[0];
    const row = this.row();
    if (!offer || !row) return { ok: false, reason: "missing" };
    const lot = lotState(row.status, this.offers(), row.leader);
    if (!lot.actions.includes("approve") || lot.winningOfferId !== offerId) return { ok: false, reason: "not-allowed" };
    this.sql.exec("UPDATE offers SET status = 'approved' WHERE id = ?", offerId);
    return { ok: true, offer: { ...offer, status: "approved" } };
  }

  /** Every bid in the order the object accepted it, maximums included (the admin's view, never a watcher's). */
  offers(): Offer[] {
    return this.sql.exec<Offer>(`SELECT ${OFFER_COLUMNS} FROM offers ORDER BY id`).toArray();
  }

  /** The newest public bids, newest first (a raise of one's own maximum is private); only those after bid `afterId` if given. */
  history(afterId = 0): HistoryEntry[] {
    return this.sql
      .exec<{ id: number; amountCents: number; at: number; username: string; tag: string; kind: string }>(
        "SELECT id, amount_cents AS amountCents, created_at AS at, username, tag, kind FROM offers WHERE kind != 'raise' AND id > ? ORDER BY id DESC LIMIT ?",
        afterId,
        HISTORY_LENGTH,
      )
      .toArray()
      .map(({ id, amountCents, at, username, tag, kind }) => ({
        id,
        amountCents,
        at,
        bidder: maskName(username),
        tag,
        auto: kind === "auto",
      }));
  }

  /** A member's own maximum on this item (the leader's current one, else the highest they set), or null. */
  maximumOf(tag: string): number | null {
    const row = this.row();
    if (row && row.leader === tag) return row.leaderMaxCents;
    const mine = this.sql
      .exec<{ max: number | null }>("SELECT max(max_cents) AS max FROM offers WHERE tag = ?", tag)
      .one();
    return mine.max;
  }

  /** A call that does no work: the benchmark's baseline for a round trip to this object. */
  ping(): number {
    return 1;
  }

  // ── live watchers (hibernating WebSockets) ──

  /**
   * A watcher. The Worker names a signed-in member by their tag in `x-bidder-tag` (it removes any such
   * header the client sent): their sockets carry the tag, and get their private `you` messages.
   */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket")
      return new Response("Expected a WebSocket", { status: 426 });
    const { 0: client, 1: server } = new WebSocketPair();
    const tag = request.headers.get(BIDDER_TAG_HEADER);
    this.ctx.acceptWebSocket(server, tag ? [tag] : []);
    const item = this.state();
    if (item) server.send(this.snapshot(item));
    if (item && tag)
      server.send(encodeServerMessage({ type: "you", shortCode: item.shortCode, tag, maxCents: this.maximumOf(tag) }));
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    if (message === PING) ws.send(PONG);
    else if (message === SYNC) {
      const item = this.state();
      if (item) ws.send(this.snapshot(item));
    }
  }

  /** The whole public state: what a watcher gets on connect, when it asks ("sync"), and after the object wakes. */
  private snapshot(item: ItemState): string {
    return encodeServerMessage({ type: "state", item, history: this.history() });
  }

  async webSocketClose(ws: WebSocket, code: number) {
    ws.close(code === 1005 ? 1000 : code, "closing");
  }

  /** Sends the state to every watcher in the next turn, so a fan-out to thousands never delays an answer. */
  private queueBroadcast() {
    if (this.broadcastQueued) return;
    this.broadcastQueued = true;
    setTimeout(() => {
      this.broadcastQueued = false;
      const row = this.row();
      if (row) void this.broadcast(this.view(row));
    }, 0);
  }

  /** The bidder's own maximum to their other sockets (another tab, another device), after the answer. */
  private queueYou(tag: string, maxCents: number) {
    setTimeout(() => {
      const row = this.row();
      if (!row) return;
      const message = encodeServerMessage({
        type: "you",
        shortCode: row.shortCode,
        tag,
        maxCents: this.maximumOf(tag) ?? maxCents,
      });
      for (const ws of this.ctx.getWebSockets(tag)) {
        try {
          ws.send(message);
        } catch {
          // A socket closing under us: it will get webSocketClose.
        }
      }
    }, 0);
  }

  /**
   * What changed since the last broadcast, for every watcher alike: the item's moved fields and the
   * bids accepted since (ADR 061). Personal states are not in it, and not worked out per watcher:
   * a page compares the public leader tag with its own (`you`, sent only to the bidder's sockets).
   */
  private change(item: ItemState): string {
    const told = this.told;
    const history = this.history(told.offerId);
    this.told = { version: item.version, offerId: Math.max(told.offerId, history[0]?.id ?? 0) };
    // Key order puts `priceCents` first after the code (bench:offers looks for `"priceCents":N,` in the frame).
    const { shortCode, priceCents, status, endsAt, version, bids, leader } = item;
    return encodeServerMessage({
      type: "delta",
      v: DELTA_VERSION,
      from: told.version,
      item: { shortCode, priceCents, status, endsAt, version, bids, leader },
      history,
    });
  }

  /**
   * Encodes the change once and sends the same string to every watcher, `broadcastSlice` sockets at
   * a time with a turn between slices: frames are written out only when the object yields, so the
   * first watchers get theirs while the rest are still being sent, and an offer arriving meanwhile
   * is answered between two slices instead of after the whole fan-out. A socket gets changes in
   * order: a newer broadcast starts at the first socket while an older one is further along the
   * same list (and should one overtake another, the watcher sees the gap and asks for a snapshot).
   */
  private async broadcast(item: ItemState) {
    const message = this.change(item);
    const sockets = this.ctx.getWebSockets();
    const slice = BidItem.broadcastSlice;
    for (let start = 0; start < sockets.length; start += slice) {
      if (start > 0) await new Promise((resolve) => setTimeout(resolve, 0));
      for (const ws of sockets.slice(start, start + slice)) {
        try {
          ws.send(message);
        } catch {
          // A socket closing under us: it will get webSocketClose.
        }
      }
    }
  }

  // ── e-mail (the mail module; after the answer, never on its path) ──

  private itemLink(code: string, origin: string | null | undefined) {
    return `${origin ?? ""}/bidgallery?item=${encodeURIComponent(code)}#item-${encodeURIComponent(code)}`;
  }

  private async mail(to: string, message: { subject: string; text: string }) {
    try {
      await mailSender(this.env, database(this.env.DB)).send({ to, ...message });
    } catch (error) {
      console.error("auction e-mail failed", error);
    }
  }

  // ── soft close and write-through ──

  async alarm() {
    const row = this.row();
    if (!row) return;
    if (row.status === "open" && row.endsAt !== null) {
      if (Date.now() >= row.endsAt) await this.close();
      else await this.ctx.storage.setAlarm(row.endsAt);
    }
    if (this.row()!.dirty) await this.writeThrough();
  }

  /**
   * Copies the current state to the gallery's D1 row; on failure, retries by alarm. Never goes backwards:
   * writes sent side by side may land in any order, and only a newer version replaces the row.
   */
  private async writeThrough() {
    const row = this.row()!;
    try {
      await this.env.DB.prepare(
        "UPDATE bid_items SET price_cents = ?, status = ?, ends_at = ?, bid_count = ?, version = ? WHERE short_code = ? AND version < ?",
      )
        .bind(row.priceCents, row.status, row.endsAt, row.bids, row.version, row.shortCode, row.version)
        .run();
      this.sql.exec("UPDATE item SET dirty = 0 WHERE id = 1 AND version = ?", row.version);
    } catch (error) {
      console.error(`write-through of ${row.shortCode} failed; retrying`, error);
      const retryAt = Date.now() + WRITE_THROUGH_RETRY_MS;
      const current = await this.ctx.storage.getAlarm();
      if (current === null || current > retryAt) await this.ctx.storage.setAlarm(retryAt);
    }
  }
}
